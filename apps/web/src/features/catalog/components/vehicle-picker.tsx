import { useId, useState } from 'react';
import type { Vehicle } from '@storefront/contract';
import { HydrateWhenNear } from '../../../lib/hydrate-when-near';
import { useVehicles } from '../api/search-catalog';

type Props = { vehicle: Vehicle | null; onChange: (vehicle: Vehicle | null) => void };

/** Make, model and year of the visitor's vehicle, from the makes and models the catalog covers. */
export function VehiclePicker({ vehicle, onChange }: Props) {
  // On a phone the picker is one line saying which vehicle is chosen (it took half the first
  // screen), opened to change it; wider screens always show it. Folded by CSS, not by measuring
  // the screen: the prerendered page and the app draw the same thing, so nothing shifts.
  const [open, setOpen] = useState(false);
  return (
    <div className="rounded-box bg-base-100 md:bg-transparent">
      <button
        type="button"
        className="flex min-h-11 w-full cursor-pointer items-center px-3 text-left text-sm font-medium md:hidden"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="vehicle-picker-toggle"
      >
        {vehicle
          ? `My vehicle: ${vehicle.make} ${vehicle.model} ${vehicle.year}`
          : 'My vehicle: none chosen'}
      </button>
      <div className={open ? '' : 'max-md:hidden'}>
        {/* Folded on a phone until the first tap or key: neither hydrated nor its makes fetched. */}
        <HydrateWhenNear>
          {(nearId) => <VehicleForm nearId={nearId} vehicle={vehicle} onChange={onChange} />}
        </HydrateWhenNear>
      </div>
    </div>
  );
}

function VehicleForm({ nearId, vehicle, onChange }: Props & { nearId: string }) {
  const id = useId();
  const vehicles = useVehicles();
  const [make, setMake] = useState(vehicle?.make ?? '');
  const [model, setModel] = useState(vehicle?.model ?? '');
  const [year, setYear] = useState(vehicle ? String(vehicle.year) : '');
  const makes = vehicles.data ?? [];
  const models = makes.find((m) => m.make === make)?.models ?? [];
  const range = models.find((m) => m.model === model);
  const years = range
    ? Array.from({ length: range.yearTo - range.yearFrom + 1 }, (_, i) => range.yearTo - i)
    : [];

  return (
    <fieldset
      className="fieldset rounded-box border border-base-300 p-3"
      data-testid="vehicle-picker"
      data-near={nearId}
    >
      <legend className="fieldset-legend">My vehicle</legend>
      {vehicle ? (
        <p className="text-sm" data-testid="my-vehicle">
          {vehicle.make} {vehicle.model} {vehicle.year}
        </p>
      ) : null}
      <label className="label" htmlFor={`${id}-make`}>
        Make
      </label>
      <select
        id={`${id}-make`}
        className="select select-sm"
        value={make}
        onChange={(e) => {
          setMake(e.target.value);
          setModel('');
          setYear('');
        }}
      >
        <option value="">Choose a make</option>
        {makes.map((m) => (
          <option key={m.make}>{m.make}</option>
        ))}
      </select>
      <label className="label" htmlFor={`${id}-model`}>
        Model
      </label>
      <select
        id={`${id}-model`}
        className="select select-sm"
        value={model}
        disabled={!make}
        onChange={(e) => {
          setModel(e.target.value);
          setYear('');
        }}
      >
        <option value="">Choose a model</option>
        {models.map((m) => (
          <option key={m.model}>{m.model}</option>
        ))}
      </select>
      <label className="label" htmlFor={`${id}-year`}>
        Year
      </label>
      <select
        id={`${id}-year`}
        className="select select-sm"
        value={year}
        disabled={!model}
        onChange={(e) => setYear(e.target.value)}
      >
        <option value="">Choose a year</option>
        {years.map((y) => (
          <option key={y}>{y}</option>
        ))}
      </select>
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!make || !model || !year}
          onClick={() => onChange({ make, model, year: Number(year) })}
        >
          Save vehicle
        </button>
        {vehicle ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setMake('');
              setModel('');
              setYear('');
              onChange(null);
            }}
          >
            Clear
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
