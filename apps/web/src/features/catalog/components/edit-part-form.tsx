import { useState, type FormEvent } from 'react';
import { CATEGORIES, categoryLabel, type CatalogPart, type Category } from '@storefront/contract';
import { ImageUpload } from '../../../components/image-upload';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { useUpdatePart } from '../api/update-part';
import {
  fitmentToText,
  ladderToText,
  specsToText,
  textToFitment,
  textToLadder,
  textToList,
  textToSpecs,
} from '../catalog-text';

/** Staff edit a part's details and catalog fields; stock changes go through the stock ledger. */
export function EditPartForm({ part, onSaved }: { part: CatalogPart; onSaved: () => void }) {
  const update = useUpdatePart(part._id);
  const [values, setValues] = useState({
    name: part.name,
    description: part.description,
    mOrderQuantity: String(part.mOrderQuantity),
    packSize: String(part.packSize),
    maxOrderQuantity: part.maxOrderQuantity === null ? '' : String(part.maxOrderQuantity),
    coreCharge: part.coreCharge === undefined ? '' : String(part.coreCharge),
    price: String(part.price),
    url: part.url,
    sku: part.sku,
    category: part.category as Category,
    oemNumbers: part.oemNumbers.join(', '),
    supersededNumbers: part.supersededNumbers.join(', '),
    priceTiers: ladderToText(part.priceTiers),
    specs: specsToText(part.specs),
    fitment: fitmentToText(part.fitment),
    featured: part.featured,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    setErrors({});
    try {
      await update.mutateAsync({
        name: values.name,
        description: values.description,
        mOrderQuantity: values.mOrderQuantity,
        packSize: values.packSize,
        maxOrderQuantity: values.maxOrderQuantity,
        coreCharge: values.coreCharge,
        price: values.price,
        url: values.url,
        sku: values.sku,
        category: values.category,
        oemNumbers: textToList(values.oemNumbers),
        supersededNumbers: textToList(values.supersededNumbers),
        // Sent as typed: the server reads the numbers and names a line it cannot.
        priceTiers: textToLadder(values.priceTiers),
        specs: textToSpecs(values.specs),
        fitment: textToFitment(values.fitment),
        featured: values.featured,
      });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.fields ?? {});
        setServerError(err.message);
      } else setServerError('The part could not be saved. Please try again.');
    }
  };
  const firstError = (prefix: string) =>
    Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];
  /** A ladder's error with the line it is on ("Line 2: …"). */
  const ladderError = () => {
    const found = Object.entries(errors).find(([k]) => k.startsWith('priceTiers'));
    if (!found) return undefined;
    const line = /^priceTiers\.(\d+)/.exec(found[0]);
    return line ? `Line ${Number(line[1]) + 1}: ${found[1]}` : found[1];
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="card bg-base-100 shadow"
      aria-label="Edit part"
    >
      <div className="card-body">
        <Field label="Name" value={values.name} onChange={set('name')} error={errors.name} />
        <TextAreaField
          label="Description"
          value={values.description}
          onChange={set('description')}
          error={errors.description}
        />
        <div className="grid gap-x-4 md:grid-cols-3">
          <Field
            label="Minimum order quantity"
            type="number"
            min={1}
            value={values.mOrderQuantity}
            onChange={set('mOrderQuantity')}
            error={errors.mOrderQuantity}
          />
          <Field
            label="Price per unit"
            type="number"
            min={0.01}
            step={0.01}
            value={values.price}
            onChange={set('price')}
            error={errors.price}
          />
          <Field
            label="Pack size"
            type="number"
            min={1}
            value={values.packSize}
            onChange={set('packSize')}
            hint="Sold in whole packs of this many."
            error={errors.packSize}
          />
          <Field
            label="Maximum per order (optional)"
            type="number"
            min={1}
            value={values.maxOrderQuantity}
            onChange={set('maxOrderQuantity')}
            hint="No maximum when empty."
            error={errors.maxOrderQuantity}
          />
          <Field
            label="Core charge (optional)"
            type="number"
            min={0}
            step="0.01"
            value={values.coreCharge}
            onChange={set('coreCharge')}
            hint="A refundable deposit for the old part; none when empty or 0."
            error={errors.coreCharge}
          />
          <Field label="Part number" value={values.sku} onChange={set('sku')} error={errors.sku} />
        </div>
        <ImageUpload
          url={values.url}
          onUploaded={(image) => setValues((v) => ({ ...v, url: image.url }))}
        />
        <Field
          label="Part image URL"
          inputMode="url"
          value={values.url}
          onChange={set('url')}
          error={errors.url}
        />
        <div className="form-control mb-3">
          <label className="label mb-1" htmlFor="edit-category">
            <span className="label-text font-medium text-base-content">Category</span>
          </label>
          <select
            id="edit-category"
            className="select select-bordered"
            value={values.category}
            onChange={(e) => setValues((v) => ({ ...v, category: e.target.value as Category }))}
          >
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </div>
        <TextAreaField
          label="Volume prices (one per line, from quantity: price per piece, e.g. 40: 8.20)"
          value={values.priceTiers}
          onChange={set('priceTiers')}
          error={ladderError()}
        />
        <Field
          label="OEM numbers (comma-separated)"
          value={values.oemNumbers}
          onChange={set('oemNumbers')}
          error={firstError('oemNumbers')}
        />
        <Field
          label="Replaces older part numbers (comma-separated)"
          value={values.supersededNumbers}
          onChange={set('supersededNumbers')}
          error={firstError('supersededNumbers')}
        />
        <TextAreaField
          label="Specifications (one per line, Name: value)"
          value={values.specs}
          onChange={set('specs')}
          error={firstError('specs')}
        />
        <TextAreaField
          label="Fitment (one per line: Make | Model | 2012-2018, then optionally | Position | Note)"
          placeholder="Toyota | Corolla | 2014-2019 | Front | Not for sport suspension"
          value={values.fitment}
          onChange={set('fitment')}
          error={firstError('fitment')}
        />
        <label className="label cursor-pointer justify-start gap-2">
          <input
            type="checkbox"
            className="checkbox"
            checked={values.featured}
            onChange={(e) => setValues((v) => ({ ...v, featured: e.target.checked }))}
          />
          <span>Featured on the home page</span>
        </label>
        <FormError message={serverError} testId="edit-part-error" />
        <SubmitButton busy={update.isPending}>Save part</SubmitButton>
      </div>
    </form>
  );
}
