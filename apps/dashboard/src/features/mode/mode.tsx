import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { setApiMode, type Mode } from '../../api/client';

const STORAGE_KEY = 'sdd.dashboard.mode';

const ModeContext = createContext<{ mode: Mode; setMode: (mode: Mode) => void }>({ mode: 'test', setMode: () => undefined });

function storedMode(): Mode {
  return localStorage.getItem(STORAGE_KEY) === 'live' ? 'live' : 'test';
}

/**
 * Test or live, like Stripe's toggle. Every query key starts with the mode, so
 * switching refetches and a page never shows the other mode's cached data.
 */
export function ModeProvider({ children }: { children: ReactNode }) {
  const [mode, setState] = useState<Mode>(() => {
    const initial = storedMode();
    setApiMode(initial);
    return initial;
  });
  const setMode = useCallback((next: Mode) => {
    // Before the re-render, so the new mode's queries carry the new header.
    setApiMode(next);
    localStorage.setItem(STORAGE_KEY, next);
    setState(next);
  }, []);
  return <ModeContext.Provider value={{ mode, setMode }}>{children}</ModeContext.Provider>;
}

export function useMode() {
  return useContext(ModeContext);
}

export function ModeToggle() {
  const { mode, setMode } = useMode();
  return (
    <button type="button" role="switch" aria-checked={mode === 'test'} className={`mode-toggle mode-${mode}`} onClick={() => setMode(mode === 'test' ? 'live' : 'test')}>
      Test mode
    </button>
  );
}
