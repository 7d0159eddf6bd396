import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { createSimulatedProvider } from './simulated';

const cache = new Map<string, PaymentProvider>();

/** The providers this deployment knows, by name; the simulated one is the default. */
export function getProvider(config: Config, name = 'simulated'): PaymentProvider | null {
  if (name !== 'simulated') return null;
  const key = `${name}:${config.secret}`;
  let p = cache.get(key);
  if (!p) {
    p = createSimulatedProvider(config.secret);
    cache.set(key, p);
  }
  return p;
}

export const defaultProvider = (config: Config): PaymentProvider => getProvider(config) as PaymentProvider;
