import { Bell, BellOff, Volume2, VolumeX } from 'lucide-react';

import { useEnquirySound, useNotificationPermission } from './new-enquiry-alerts.ts';

const NOTIFICATION_WORDS = {
  granted: 'Browser notifications are on',
  denied: 'Browser notifications are blocked in this browser’s settings',
  unsupported: 'This browser has no notifications',
} as const;

/** This device's alerts for new enquiries: the sound (a switch, off until turned on) and browser notifications. */
export function AlertSettings() {
  const sound = useEnquirySound();
  const notifications = useNotificationPermission();
  const SoundIcon = sound.on ? Volume2 : VolumeX;
  return (
    <section aria-labelledby="alert-settings-title" className="mt-2 border-t border-stone-200 px-3 pt-3 text-sm">
      <h2 id="alert-settings-title" className="font-semibold text-stone-700">
        New enquiries on this device
      </h2>
      <button
        type="button"
        role="switch"
        aria-checked={sound.on}
        onClick={() => sound.set(!sound.on)}
        className="mt-1 flex min-h-11 w-full items-center gap-3 rounded-lg px-2 text-left text-stone-800 hover:bg-leaf-50"
      >
        <SoundIcon aria-hidden="true" className="size-4 shrink-0" />
        <span className="flex-1">Sound</span>
        <span
          aria-hidden="true"
          className={`relative h-6 w-10 shrink-0 rounded-full transition-colors ${sound.on ? 'bg-leaf-700' : 'bg-stone-300'}`}
        >
          <span
            className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform ${sound.on ? 'translate-x-4.5' : 'translate-x-0.5'}`}
          />
        </span>
      </button>
      {notifications.state === 'default' ? (
        <button
          type="button"
          onClick={notifications.ask}
          className="flex min-h-11 w-full items-center gap-3 rounded-lg px-2 text-left text-stone-800 hover:bg-leaf-50"
        >
          <Bell aria-hidden="true" className="size-4 shrink-0" />
          Allow browser notifications
        </button>
      ) : (
        <p className="flex min-h-11 items-center gap-3 px-2 text-stone-700">
          {notifications.state === 'granted' ? (
            <Bell aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <BellOff aria-hidden="true" className="size-4 shrink-0" />
          )}
          {NOTIFICATION_WORDS[notifications.state]}
        </p>
      )}
    </section>
  );
}
