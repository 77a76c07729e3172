import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import { useGetModelCatalogQuery } from '../../store/api';
import { leastUncappedCallCents } from './callFloor';

type FloorOf = (keyId: string) => number | null;

const CallFloorsContext = createContext<FloorOf>(() => null);

/**
 * Gives the keys' status chips what a call without max_tokens holds on each key's cheapest model (callFloor.ts).
 * The model catalog is asked for only when a key has a spending limit; until it answers, or if it fails, no key
 * warns (the status reads as before).
 */
export function CallFloorsProvider({ keys, children }: { keys: readonly ApiKey[] | undefined; children: ReactNode }) {
  const limited = Boolean(keys?.some((key) => key.spend_limit_cents != null));
  const { data } = useGetModelCatalogQuery(undefined, { skip: !limited });
  const floorOf = useMemo<FloorOf>(() => {
    const models = data?.models;
    return models ? (keyId) => leastUncappedCallCents(models, keyId) : () => null;
  }, [data]);
  return <CallFloorsContext.Provider value={floorOf}>{children}</CallFloorsContext.Provider>;
}

/** What a call without max_tokens holds at least on the key's cheapest model; null when not known. */
export const useCallFloor = (keyId: string) => useContext(CallFloorsContext)(keyId);
