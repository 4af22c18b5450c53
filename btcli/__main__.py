from btcli.cli import main

main()
