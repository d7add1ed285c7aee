import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'wouter';
import './list-search-box.css';

export interface ListSearchBoxProps {
  /** Called with the trimmed text on Enter or on the search icon. */
  onSearch(name: string): void;
  placeholder?: string;
  /** Accessible name of the input. */
  label?: string;
}

/**
 * The reusable list search box (SPEC §2): prefilled from `?name=`, searches on Enter or icon
 * click, and keeps `?name=` in the URL in step (replace, so Back leaves the list instead of
 * walking through every search).
 */
export function ListSearchBox({ onSearch, placeholder = '请输入关键词', label = '搜索' }: ListSearchBoxProps) {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('name') ?? '';
  const [value, setValue] = useState(fromUrl);
  const id = useId();

  // The header search can change ?name= while this list is open.
  useEffect(() => {
    setValue(fromUrl);
  }, [fromUrl]);

  const submit = () => {
    const name = value.trim();
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (name) next.set('name', name);
        else next.delete('name');
        return next;
      },
      { replace: true },
    );
    onSearch(name);
  };

  return (
    <div className="list-search" role="search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="list-search__input"
        value={value}
        placeholder={placeholder}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit();
        }}
      />
      <button type="button" className="list-search__btn" aria-label={label} onClick={submit}>
        <SearchIcon />
      </button>
    </div>
  );
}

export function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16.5 16.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
