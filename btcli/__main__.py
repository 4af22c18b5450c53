from btcli.cli.app import main

main()
