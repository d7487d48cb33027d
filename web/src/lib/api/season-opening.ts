/**
 * What the public pages and the wizard need of the season being sold (domain/schedule/seasons.ts;
 * GET /api/fn/season): its windows as the owner set them, the sentence
 * 'Booking for the 2027 season opens on …' before the owner's "Public booking opens" date, and
 * the early-bird price cut while it runs, with the server's today, so the wizard's price shows
 * the line the server will charge (the server prices checkout itself, never from the client).
 * A plain fetch, not the SDK: the public pages and the wizard's first step load no API client
 * (lib/pb.ts). Nothing while loading or when the request fails.
 */
import { useEffect, useState } from 'react';
import type { EarlyBirdOn } from '@domain/money/pricing';
import type { SeasonWindows } from '@domain/schedule/season';
import type { EarlyBird } from '@domain/schedule/seasons';

export interface SeasonSale {
  /** The opening sentence, or null once open (or unknown). */
  opening: string | null;
  /** The early-bird cut on the server's today, or null. */
  earlyBird: EarlyBirdOn | null;
  /** The windows of the season being sold as the server answered, or null until then. */
  season: SeasonWindows | null;
}

const NOTHING: SeasonSale = { opening: null, earlyBird: null, season: null };

interface SeasonBody {
  today?: unknown;
  season?: SeasonWindows;
  opening?: { message?: unknown };
  earlyBird?: EarlyBird;
}

export function useSeasonSale(): SeasonSale {
  const [sale, setSale] = useState<SeasonSale>(NOTHING);
  useEffect(() => {
    let live = true;
    fetch('/api/fn/season')
      .then((r) => (r.ok ? (r.json() as Promise<SeasonBody>) : null))
      .then(
        (body) => {
          if (!live || !body) return;
          const opening = typeof body.opening?.message === 'string' ? body.opening.message : null;
          const earlyBird = body.earlyBird && typeof body.today === 'string' ? { earlyBird: body.earlyBird, today: body.today } : null;
          setSale({ opening, earlyBird, season: body.season ?? null });
        },
        () => undefined, // offline or failing: say nothing rather than a wrong date or price
      );
    return () => {
      live = false;
    };
  }, []);
  return sale;
}
