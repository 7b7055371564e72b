/** Five stars, `rating` of them filled; read out as "Rated n out of 5". */
export function Stars({ rating, className = 'text-lg' }: { rating: number; className?: string }) {
  const full = Math.round(rating);
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={`tracking-tight text-amber-deep ${className}`}>
      {'★'.repeat(full)}
      <span className="text-line">{'★'.repeat(5 - full)}</span>
    </span>
  );
}
