// A third-party SDK's deprecated overload, called because the graph file leaves out a defaulted
// argument: the build succeeds with one warning, dicfg's, at the graph file's line.
import ScannerSDK
