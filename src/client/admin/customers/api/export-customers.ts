/**
 * GET /api/admin/customers/export.csv: the customers a search finds, as CSV. A download the browser
 * makes itself (a link), so nothing is fetched or held here.
 */
export const customersExportUrl = (q: string) =>
  q ? `/api/admin/customers/export.csv?q=${encodeURIComponent(q)}` : '/api/admin/customers/export.csv';
