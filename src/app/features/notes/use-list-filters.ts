import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { filtersFromSearch, filtersToSearch, type ListFilters } from "./list-filters";

/**
 * The list's search and filters live in the address (`?q=&type=&folder=&from=&to=`), so a filtered list
 * can be linked and comes back with the back button. Changes replace the entry and keep the scroll.
 */
export function useListFilters(): [ListFilters, (next: ListFilters) => void] {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const setFilters = useCallback(
    (next: ListFilters) => setSearch(filtersToSearch(next), { replace: true, preventScrollReset: true }),
    [setSearch],
  );
  return [filters, setFilters];
}
