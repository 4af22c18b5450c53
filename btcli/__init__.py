"""btcli: a BattleTech scenario runner for the command line."""

__version__ = "0.1.0"
