// The Swift declaration reader's time on 1,000 types, beside swift-syntax's parse of the same
// files read into the same records. Build in release:
//   swift build -c release --package-path Tests/SwiftReaderOracle --product ReaderTiming
//   ReaderTiming            both readers, median of 9 rounds each, and the ratio
//   ReaderTiming READER     one reading only (scanner, syntax or none), for callgrind
@_spi(DeclarationReads) import DICfgSwiftReader
import Foundation
@_spi(DeclarationReads) import SyntaxDeclarationReader

/// Ten files of 100 types each, shaped like an app's services: a class with stored properties,
/// a designated initializer with a default, a computed property, a method with a body, and an
/// extension adding a convenience initializer.
let files: [(path: String, text: String)] = (0..<10).map { file in
  var text = "import Foundation\n\n"
  for index in (file * 100)..<(file * 100 + 100) {
    text += """
      /// Service number \(index).
      public final class Service\(index): Sendable {
        public let client: HTTPClient
        public let limit: Int
        private let label: String
        public var summary: String { "\\(label): \\(limit)" }

        public init(client: HTTPClient, limit: Int = \(index), label: String = "service \(index)") throws {
          self.client = client
          self.limit = limit
          self.label = label
        }

        public func run(_ values: [Int]) -> Int {
          values.filter { $0 > limit }.reduce(0, +)
        }
      }

      extension Service\(index) {
        public convenience init(client: HTTPClient) throws { try self.init(client: client, limit: 1) }
      }


      """
  }
  return ("Sources/App/Services\(file).swift", text)
}

func readScanner() -> Int { SwiftDeclarationReader().read(files: files).types.count }
func readSyntax() -> Int { SyntaxDeclarationReader.read(files: files).types.count }

let arguments = CommandLine.arguments.dropFirst()
if let only = arguments.first {
  switch only {
  case "scanner": print(readScanner())
  case "syntax": print(readSyntax())
  default: print(files.count)
  }
  exit(0)
}

#if DEBUG
  FileHandle.standardError.write(Data("build with -c release to measure\n".utf8))
  exit(2)
#endif

func median(_ body: () -> Int) -> Double {
  _ = body()
  var times: [Double] = []
  for _ in 0..<9 {
    let start = DispatchTime.now().uptimeNanoseconds
    precondition(body() == 1_000)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  return times.sorted()[4]
}

let bytes = files.reduce(0) { $0 + $1.text.utf8.count }
let scanner = median(readScanner)
let syntax = median(readSyntax)
print("| reader | 1,000 types (\(bytes / 1024) KiB, 10 files), median of 9 | × the scanner |")
print("|---|---|---|")
print(String(format: "| dicfg's scanner | %.2f ms | 1.00× |", scanner))
print(String(format: "| swift-syntax 603 (parse, then the same records) | %.2f ms | %.2f× |", syntax, syntax / scanner))
