// A third-party SDK's shared instance, its name misspelt in the graph file: one error at the graph
// file's value, with the SDK's name offered.
import ScannerSDK
