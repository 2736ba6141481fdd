import { memo, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney, MAX_SEARCH_LENGTH } from '@storefront/contract';
import { useSuggestions } from '../api/search-catalog';

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 200;

type SearchBoxProps = {
  /** Where a search goes: the browse page with `?q=`. */
  searchHref: (q: string) => string;
  partHref: (id: string) => string;
};

/**
 * The navbar's search: a combobox (WAI-ARIA 1.2) whose list suggests parts as you type. Arrow
 * keys move through the list (`aria-activedescendant`), Enter opens the chosen part or searches,
 * Escape closes the list. A part number typed exactly goes straight to its part. Memoized: the
 * navbar renders for each step of signing in, and the box has nothing to draw again (issue 41).
 */
export const SearchBox = memo(function SearchBox({ searchHref, partHref }: SearchBoxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const suggestions = useSuggestions(debounced);
  const items = debounced.length >= 2 ? (suggestions.data?.items ?? []) : [];
  const expanded = open && items.length > 0;

  const go = async (to: string) => {
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    await navigate(to);
  };

  const submit = async () => {
    const q = text.trim();
    if (!q) return;
    const chosen = active >= 0 ? items[active] : undefined;
    if (chosen) return go(partHref(chosen.id));
    const exact = suggestions.data?.exactMatch;
    if (exact && debounced.toLowerCase() === q.toLowerCase()) return go(partHref(exact.id));
    return go(searchHref(q));
  };

  return (
    <form
      role="search"
      className="relative w-full max-w-md"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Search parts
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="Search parts, part numbers…"
        className="input input-bordered input-sm w-full"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && items.length > 0) {
            e.preventDefault();
            setOpen(true);
            setActive((a) => (a + 1) % items.length);
          } else if (e.key === 'ArrowUp' && items.length > 0) {
            e.preventDefault();
            setOpen(true);
            setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
          } else if (e.key === 'Escape') {
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested parts"
        className={`menu absolute z-50 mt-1 w-full rounded-box bg-base-100 p-1 shadow-lg ${expanded ? '' : 'hidden'}`}
      >
        {items.map((item, index) => (
          <li
            key={item.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer rounded px-3 py-2 text-sm ${index === active ? 'bg-base-200' : ''}`}
            onMouseDown={(e) => {
              e.preventDefault();
              void go(partHref(item.id));
            }}
          >
            <span className="font-medium">{item.name}</span>
            <span className="text-xs text-base-content/70">
              {item.sku} · {formatMoney(item.price)}
            </span>
          </li>
        ))}
      </ul>
    </form>
  );
});
