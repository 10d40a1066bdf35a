// The goal sound, made in the browser with Web Audio (a referee's trill), so the site ships no sound
// file and no one's recording. One AudioContext for the page: browsers start it suspended until a
// click, so the voice switch and the test button resume it (`unlockGoalSound`) and later pop-ups,
// which come from the socket and not from a click, can sound.

let shared: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (typeof AudioContext === 'undefined') return undefined;
  shared ??= new AudioContext();
  return shared;
}

/** Call from a click: lets the page play the goal sound later. */
export function unlockGoalSound(): void {
  void audio()?.resume();
}

/** Starts the goal sound; the returned function stops it. */
export function startGoalSound(): () => void {
  const context = audio();
  if (!context) return () => undefined;
  const whistle = context.createOscillator();
  const trill = context.createOscillator();
  const trillDepth = context.createGain();
  const volume = context.createGain();
  whistle.type = 'triangle';
  whistle.frequency.value = 2_300;
  // A 25 Hz wobble of the pitch, the pea in the whistle.
  trill.frequency.value = 25;
  trillDepth.gain.value = 120;
  trill.connect(trillDepth).connect(whistle.frequency);
  volume.gain.value = 0.04;
  whistle.connect(volume).connect(context.destination);
  whistle.start();
  trill.start();
  return () => {
    whistle.stop();
    trill.stop();
    volume.disconnect();
  };
}
