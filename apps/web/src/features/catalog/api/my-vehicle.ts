import { useEffect, useSyncExternalStore } from 'react';
import type { MyVehicleResponse, Vehicle } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import type { Vehicle as VehicleSchema } from './vehicle-schema';

/** The visitor's vehicle, kept in this browser (and on the account when signed in). */
const STORAGE_KEY = 'myVehicle';
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: Vehicle | null = null;

// What this browser stored is checked against the contract's schema before it is trusted. The
// schema library is loaded for it only when a vehicle is stored: most visitors never choose one,
// and `/parts` would otherwise evaluate the library and its schemas at start (issue 41).
let schema: typeof VehicleSchema | null = null;
let schemaLoading: Promise<void> | null = null;
const loadSchema = (): Promise<void> =>
  (schemaLoading ??= import('./vehicle-schema').then((m) => {
    schema = m.Vehicle;
    for (const l of listeners) l();
  }));

/** The stored vehicle; none while the schema that checks it is still loading. */
function read(): Vehicle | null {
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(STORAGE_KEY);
  if (raw === cachedRaw) return cached;
  if (raw && !schema) {
    void loadSchema();
    return null;
  }
  cachedRaw = raw;
  try {
    const parsed = raw && schema ? schema.safeParse(JSON.parse(raw)) : null;
    cached = parsed?.success ? parsed.data : null;
  } catch {
    cached = null;
  }
  return cached;
}

/** The stored vehicle, once it can be checked. */
const readChecked = async (): Promise<Vehicle | null> => {
  if (typeof localStorage !== 'undefined' && localStorage.getItem(STORAGE_KEY)) await loadSchema();
  return read();
};

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
      .then(async (answer) => {
        const local = await readChecked();
        if (controller.signal.aborted) return;
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
