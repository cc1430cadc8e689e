import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

import { displayIdOf } from '#domains/enquiry/model.ts';

/**
 * What the open panel does when a new enquiry arrives: a line for screen readers always (the unseen count shows it
 * to everyone; a toast would push out the one confirming what the staff member just did); a chime when this device's staff member turned
 * the sound on (off until then, and remembered per device in localStorage, since one counter phone may be shared and
 * a laptop in a meeting should stay quiet); a browser notification when the browser allows them.
 */
export const SOUND_KEY = 'admin-new-enquiry-sound';

const listeners = new Set<() => void>();
/** Used when the browser refuses storage: the choice then lasts until the page is left. */
let fallback = false;

function readSound(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return fallback;
  }
}

function writeSound(on: boolean): void {
  fallback = on;
  try {
    if (on) localStorage.setItem(SOUND_KEY, 'on');
    else localStorage.removeItem(SOUND_KEY);
  } catch {
    // Storage refused (private mode): the in-memory value stands in.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

let audio: AudioContext | null = null;

/** The page's audio, started inside a click or key press (browsers keep sound off until the person acts). */
function unlockAudio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  audio ??= new AudioContext();
  if (audio.state === 'suspended') void audio.resume();
  return audio;
}

/** Two soft rising notes, about half a second: made here, so there is no sound file to fetch. */
export function playChime(): void {
  const context = unlockAudio();
  if (!context) return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 660],
    [0.18, 880],
  ] as const) {
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.type = 'sine';
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + offset);
    volume.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.3);
    tone.connect(volume).connect(context.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.32);
  }
}

/** The sound setting of this device, and the function that changes it (turning it on plays the chime once). */
export function useEnquirySound(): { on: boolean; set: (on: boolean) => void } {
  const on = useSyncExternalStore(subscribe, readSound, () => false);
  const set = useCallback((next: boolean) => {
    writeSound(next);
    if (next) playChime();
  }, []);
  // After a reload the setting is remembered but the browser holds sound back until the first click or key press.
  useEffect(() => {
    if (!on) return;
    const unlock = () => unlockAudio();
    window.addEventListener('pointerdown', unlock, { once: true });
    window.addEventListener('keydown', unlock, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, [on]);
  return { on, set };
}

export type NotificationState = NotificationPermission | 'unsupported';

function readPermission(): NotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Whether this browser shows the panel's notifications, and the function that asks it to. */
export function useNotificationPermission(): { state: NotificationState; ask: () => void } {
  const state = useSyncExternalStore(subscribe, readPermission, () => 'default' as const);
  const ask = useCallback(() => {
    if (typeof Notification === 'undefined') return;
    void Notification.requestPermission().then(() => {
      for (const listener of listeners) listener();
    });
  }, []);
  return { state, ask };
}

/**
 * Watches the newest unseen enquiry's id the panel polls for: when it rises above the highest seen since the page opened, the
 * chime (if on) and the browser notification (if allowed), and `onArrival` with the enquiry number for the page's own
 * notice. The first answer only sets the mark, so opening the panel does not ring. The notification names the number,
 * not the customer: it may show on a locked screen.
 */
export function useNewEnquiryAlerts(
  latestId: number | null | undefined,
  { onArrival, onOpen }: { onArrival: (displayId: number) => void; onOpen: () => void },
): void {
  const highest = useRef<number | undefined>(undefined);
  const { on } = useEnquirySound();
  useEffect(() => {
    if (latestId === undefined) return;
    const before = highest.current;
    highest.current = Math.max(before ?? 0, latestId ?? 0);
    if (before === undefined || latestId === null || latestId <= before) return;
    const displayId = displayIdOf(latestId);
    if (on) playChime();
    if (readPermission() === 'granted') {
      const notice = new Notification('New enquiry', { body: `Enquiry #${displayId} has arrived.`, tag: 'new-enquiry' });
      notice.onclick = () => {
        window.focus();
        onOpen();
      };
    }
    onArrival(displayId);
  }, [latestId, on, onArrival, onOpen]);
}
