import { pageItems } from '../pagination';

/** Previous, page numbers and Next (docs/product.md §2 Testimonials). Hidden when there is one page. */
export function PaginationNav({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const items = pageItems(page, totalPages);
  if (items.length === 0) return null;
  return (
    <nav className="pagination" aria-label="Review pages">
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <ol className="pagination__pages">
        {items.map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`pagination__page${item === page ? ' is-current' : ''}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ol>
      <button type="button" className="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
