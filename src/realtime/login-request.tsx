import { createContext, useContext, type ReactNode } from 'react';

// SPEC §4: the login dialog is opened by a flag the shell holds. A screen that needs a logged-in user (a guest
// pressing send in room chat, follow or a reminder) asks for it here, without knowing the shell.

const LoginRequestContext = createContext<() => void>(() => {});

/** Gives the screens below it the way to open the login dialog (the shell; stories give a spy). */
export function LoginRequestProvider({ onLoginRequest, children }: { onLoginRequest: () => void; children: ReactNode }) {
  return <LoginRequestContext value={onLoginRequest}>{children}</LoginRequestContext>;
}

/** Opens the login dialog. */
export function useLoginRequest(): () => void {
  return useContext(LoginRequestContext);
}
