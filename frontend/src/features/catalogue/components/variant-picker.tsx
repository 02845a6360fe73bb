import { useId } from 'react';
import type { Variant } from '../api/types';
import { choose, selectVariant, styleLabel, type VariantChoice, type VariantSelection } from '../lib/variants';

function OptionGroup({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-1">
        {options.map((o) => (
          <input
            key={o.value}
            type="radio"
            name={name}
            className="btn btn-sm"
            aria-label={o.label}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** Size, then style (only when more than one), then colour (only when more than one). */
export function VariantPicker({
  variants,
  wanted,
  onChange,
}: {
  variants: Variant[];
  wanted: VariantChoice;
  onChange: (next: VariantChoice) => void;
}) {
  const id = useId();
  const sel: VariantSelection = selectVariant(variants, wanted);
  // A change keeps the other answers in force the buyer gave, where they still fit.
  const change = (patch: Partial<VariantChoice>) => onChange(choose(wanted, patch));
  return (
    <div className="space-y-2">
      <OptionGroup
        legend="Size"
        name={`${id}-size`}
        options={sel.sizes.map((s) => ({ value: s, label: s }))}
        value={sel.choice.size}
        onChange={(size) => change({ size })}
      />
      {sel.showStyle && (
        <OptionGroup
          legend="Style"
          name={`${id}-style`}
          options={sel.genders.map((g) => ({ value: g, label: styleLabel(g) }))}
          value={sel.choice.gender}
          onChange={(gender) => change({ gender })}
        />
      )}
      {sel.showColor && (
        <OptionGroup
          legend="Color"
          name={`${id}-color`}
          options={sel.colors.map((c) => ({ value: c.key, label: c.name }))}
          value={sel.choice.colorKey}
          onChange={(colorKey) => change({ colorKey })}
        />
      )}
    </div>
  );
}
