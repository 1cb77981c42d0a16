import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

interface RuntimeConfig {
  apiBaseUrl: string;
  organizationKey: string;
}

/** The SPA reads its runtime configuration before it boots; nothing is baked into the build. */
async function boot() {
  const config = (await (await fetch('/config.json')).json()) as RuntimeConfig;
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <main className="min-h-dvh grid place-items-center bg-neutral-950 text-white">
        <h1 className="text-3xl font-bold">Paddock</h1>
        <p data-org={config.organizationKey}>Loading…</p>
      </main>
    </StrictMode>,
  );
}

void boot();
