"""Tenhou riichi (4 players) and sanma (3 players): scoring, payments and the game flow.

Scoring decisions (see ``docs/rules/riichi.md``; Tenhou is the judge):

* one han of yaku needed, dora never count towards it;
* no double yakuman for a single yakuman (kokushi 13-wait, suuankou tanki, junsei chuuren and
  daisuushii are worth one), different yakuman add up, 13 han or more is a counted yakuman;
* no kiriage mangan; fu as Tenhou (pinfu tsumo 20, open pinfu shape ron 30, chiitoitsu 25,
  double-wind pair 4, rinshan tsumo keeps its 2 tsumo fu);
* sanma: tsumo loss (the absent player's share is not paid), honba 100 per payer on tsumo
  (checked against the Tenhou record ``sanma2.xml``), North set aside (kita) = one nuki-dora each,
  also counted as a North for dora indicators.  Two points no record here shows, decided by the
  same "100 per payer" logic: a sanma ron pays 200 per honba, and a liable (pao) seat pays the ron
  value on a sanma tsumo.
* the flow passes the situational flags: a replacement draw is never haitei, robbing a kita is not
  chankan, and the honba of a double ron go only to the first winner (pass 0 for the second).
"""
