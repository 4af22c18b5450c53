"""MegaMek files read into the forms a scenario takes (issues #16, #28): ``.mtf`` 'Mechs (``mtf``), ``.blk``
vehicles, VTOLs, fighters, small craft and DropShips (``blk``), ``.board`` maps (``board``), MegaMek's
names for weapons and equipment (``equipment``, its data in ``equipment.toml``), what a reading met that
btcli does not play (``notes``), how a scenario's name finds its file (``find``), the scenario hook and
``btcli import`` (``convert``), and a whole data folder summed up (``library``).

Each reader turns a file into plain data in the scenario's own form (an inline ``[[units]]`` design,
a ``[map]`` table), so the scenario loader checks it as it checks a hand-written one. What btcli does
not play is refused, every item named in one error, or, when the reading is lenient, left out and
listed. Only ``btcli init`` and ``check`` (for a scenario that names MegaMek files) and ``btcli import``
import this package.
"""
