// A third-party SDK's two overloads that the graph file's labels do not choose between: one error
// at the graph file's line.
import ScannerSDK
