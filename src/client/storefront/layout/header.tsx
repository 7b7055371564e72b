import { Menu, ShoppingCart } from 'lucide';
import { Icon } from '../../ui/icon.tsx';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from '../../app/router.tsx';
import { Sheet } from '../../ui/sheet.tsx';
import { useCart } from '../cart/api/get-cart.ts';
import { cartCount } from '../cart/cart-total.ts';
import { useCartUi } from '../cart/cart-ui.tsx';
import { goToHomeSection, NAV_LINKS } from './nav.ts';

const linkClass = 'rounded px-3 py-2 text-sm font-bold uppercase tracking-wide hover:bg-white/10';

export function Header() {
  const { setOpen, sessionId } = useCartUi();
  const { data: items = [] } = useCart(sessionId);
  const count = cartCount(items);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const toProducts = () => {
    setMenuOpen(false);
    goToHomeSection('choose-your-power', pathname, navigate);
  };

  return (
    <header className="sticky top-0 z-30 bg-ink text-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="font-display text-xl tracking-[0.2em]" aria-label="Ironwake home">
          IRON<span className="text-amber">WAKE</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <button type="button" className={linkClass} onClick={toProducts}>
            Products
          </button>
          {NAV_LINKS.map((l) => (
            <Link key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => setOpen(true)}
            aria-label={`Open cart, ${count} ${count === 1 ? 'item' : 'items'}`}
            className="relative inline-flex size-11 items-center justify-center rounded-md hover:bg-white/10"
          >
            <Icon node={ShoppingCart} className="size-6" />
            {count > 0 ? (
              <span className="absolute -right-0.5 -top-0.5 grid min-w-5 place-items-center rounded-full bg-amber px-1 text-xs font-bold text-ink">
                {count > 99 ? '99+' : count}
              </span>
            ) : null}
          </button>
          <button
            type="button"
            aria-label="Open menu"
            onClick={() => setMenuOpen(true)}
            className="inline-flex size-11 items-center justify-center rounded-md hover:bg-white/10 md:hidden"
          >
            <Icon node={Menu} className="size-6" />
          </button>
        </div>
      </div>
      <Sheet open={menuOpen} onOpenChange={setMenuOpen} title="Menu" side="left">
        <nav aria-label="Mobile" className="grid gap-1">
          <button
            type="button"
            onClick={toProducts}
            className="rounded-md px-3 py-3 text-left text-lg font-bold uppercase hover:bg-sand"
          >
            Products
          </button>
          {NAV_LINKS.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              onClick={() => setMenuOpen(false)}
              className="rounded-md px-3 py-3 text-lg font-bold uppercase hover:bg-sand"
            >
              {l.label}
            </Link>
          ))}
        </nav>
      </Sheet>
    </header>
  );
}
