-- refresh_accounts() runs on every payment, token and cancellation. Left to choose, PostgreSQL plans its
-- statements afresh on every call (with an array of sale ids as a parameter, the generic plan looks
-- costlier than a plan for the array in hand), and planning account_states()'s laterals costs more than
-- running them for one account. The generic plan reads each account along its indexes, which is what a
-- plan for the day's roll of every active account does as well.
ALTER FUNCTION refresh_accounts(text[], date, boolean) SET plan_cache_mode = force_generic_plan;
