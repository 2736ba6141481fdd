import { useEffect, useSyncExternalStore } from 'react';
import { Vehicle, type MyVehicleResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

/** The visitor's vehicle, kept in this browser (and on the account when signed in). */
const STORAGE_KEY = 'myVehicle';
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: Vehicle | null = null;

function read(): Vehicle | null {
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(STORAGE_KEY);
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed = Vehicle.safeParse(raw ? JSON.parse(raw) : null);
    cached = parsed.success ? parsed.data : null;
  } catch {
    cached = null;
  }
  return cached;
}

function write(vehicle: Vehicle | null) {
  if (vehicle) localStorage.setItem(STORAGE_KEY, JSON.stringify(vehicle));
  else localStorage.removeItem(STORAGE_KEY);
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/**
 * The vehicle and a setter. Signed in, the account's vehicle is adopted when this browser has
 * none, and every change is saved to the account too.
 */
export function useMyVehicle(signedIn: boolean) {
  const vehicle = useSyncExternalStore(subscribe, read, () => null);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    api<MyVehicleResponse>('/my-vehicle', { auth: true, signal: controller.signal })
      .then((answer) => {
        const local = read();
        if (!local && answer.vehicle) write(answer.vehicle);
        else if (local && JSON.stringify(local) !== JSON.stringify(answer.vehicle))
          void api('/my-vehicle', { method: 'PUT', auth: true, body: { vehicle: local } });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [signedIn]);
  const setVehicle = (next: Vehicle | null) => {
    write(next);
    if (signedIn)
      void api('/my-vehicle', { method: 'PUT', auth: true, body: { vehicle: next } }).catch(
        () => undefined,
      );
  };
  return { vehicle, setVehicle };
}
