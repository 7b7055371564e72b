import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { PublicConfig } from '#shared/ssr-contract.ts';
import { makeQueryClient } from '../lib/query-client.ts';
import { App } from './app.tsx';

const qc = makeQueryClient();
// The server's query cache, so the first render matches the server's HTML without refetching.
if (window.__RQ_STATE__) hydrate(qc, window.__RQ_STATE__ as Parameters<typeof hydrate>[1]);
const config = window.__PUBLIC_CONFIG__ as PublicConfig;
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

hydrateRoot(
  root,
  <StrictMode>
    <BrowserRouter>
      <App qc={qc} config={config} />
    </BrowserRouter>
  </StrictMode>,
);
