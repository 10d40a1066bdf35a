import { useState } from 'react';

/** A form's text fields: their values, a change handler per field, and a way back to empty. */
export function useFields<Name extends string>(empty: Record<Name, string>) {
  const [values, setValues] = useState(empty);
  const change = (name: Name) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const clear = () => setValues(empty);
  return { values, change, clear };
}
