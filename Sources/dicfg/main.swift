import DICfgCLI

DICfgCommand.main()
