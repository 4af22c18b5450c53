"""MegaMek files read into the forms a scenario takes (issue #16): ``.mtf`` 'Mechs (``mtf``), ``.blk``
vehicles, VTOLs and fighters (``blk``), ``.board`` maps (``board``), MegaMek's equipment names
(``names``), how a scenario's name finds its file (``find``), and the scenario hook and ``btcli import``
(``convert``).

Each reader turns a file into plain data in the scenario's own form (an inline ``[[units]]`` design,
a ``[map]`` table), so the scenario loader checks it as it checks a hand-written one. What btcli does
not model is refused naming the file and line, or, when the reader is lenient, left out and listed.
Only ``btcli init`` (for a scenario that names MegaMek files) and ``btcli import`` import this package.
"""
