"""Independent checks of the Unknown engine (PRINCIPLES §6).

* ``random_maps``: seeded random legal maps and random rulesets;
* ``networkx_geometry`` / ``z3_geometry``: range, line of sight and knockback encoded again from
  the rules, without the engine's map code;
* ``crosscheck``: runs the engine and both encodings on random maps and reports disagreements.
"""
