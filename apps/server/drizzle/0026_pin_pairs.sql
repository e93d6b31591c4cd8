-- PIN counters are now per (number, loan) 'loan:<id>', per (number, address) 'ip:<address>' and the
-- burst count '*' that never locks. The old rows (unprefixed addresses, '*' locks of every address)
-- are short-lived (15 minutes to an hour) and do not fit the new scopes: forget them.
DELETE FROM "pin_lockouts";
