import { useEffect, useId, useState } from 'react';
import { Select } from 'radix-ui';
import { useLocation, useSearch } from 'wouter';
import { navigate } from '../router/hash-location';
import { SearchIcon } from '../ui/ListSearchBox';
import { SEARCH_TYPES, searchFromLocation, searchTarget, type SearchType } from './header-search';

/**
 * Header search with its type selector (SPEC §2): Enter or the icon goes to the list with ?name=.
 * The box follows the page: on a list it shows that list's type and term, elsewhere it is empty
 * (it kept an old term after navigating away, issue 18 item 8).
 */
export function HeaderSearch() {
  const [location] = useLocation();
  const search = useSearch();
  const [type, setType] = useState<SearchType>('1');
  const [name, setName] = useState('');
  useEffect(() => {
    const shown = searchFromLocation(location, search);
    if (shown.type) setType(shown.type);
    setName(shown.name);
  }, [location, search]);
  const inputId = useId();
  const submit = () => navigate(searchTarget(type, name));
  return (
    <div className="header-search" role="search">
      <Select.Root value={type} onValueChange={(v) => setType(v as SearchType)}>
        <Select.Trigger className="header-search__type" aria-label="搜索类型">
          <Select.Value />
          <Select.Icon className="header-search__chevron">▾</Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content className="header-search__menu" position="popper" sideOffset={4}>
            <Select.Viewport>
              {SEARCH_TYPES.map((t) => (
                <Select.Item key={t.value} value={t.value} className="header-search__option">
                  <Select.ItemText>{t.label}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
      <label htmlFor={inputId} className="visually-hidden">
        搜索关键词
      </label>
      <input
        id={inputId}
        type="search"
        className="header-search__input"
        placeholder="搜索课程、案例"
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit();
        }}
      />
      <button type="button" className="header-search__btn" aria-label="搜索" onClick={submit}>
        <SearchIcon />
      </button>
    </div>
  );
}
