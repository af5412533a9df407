import DICfgCore
@_spi(DeclarationReads) import DICfgSwiftReader
import FuzzDriver

/// Feeds arbitrary bytes to the Swift declaration reader: it must neither crash nor hang (the
/// script runs it with a timeout of two seconds an input, far above what a 64 KiB file takes in
/// linear time), and every location it gives must lie inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let text = String(decoding: bytes, as: UTF8.self)
  let length = text.utf8.count
  let read = SwiftDeclarationReader.scan(path: "Fuzz.swift", text: text)
  let declarations = SwiftDeclarationReader().read(files: [("Fuzz.swift", text)])
  func check(_ location: DICfgCore.SourceLocation) {
    precondition(location.line >= 1 && location.column >= 1, "a location before the start: \(location)")
    precondition(location.offset <= length, "a location past the end: \(location)")
  }
  if let error = read.firstError { check(error) }
  for type in read.types {
    precondition(!type.name.isEmpty, "a type without a name")
    check(type.location)
    type.initializers.forEach { check($0.location) }
    type.properties.forEach { check($0.location) }
  }
  precondition(declarations.unreadable.count == (read.firstError == nil ? 0 : 1))
  return 0
}

/// SwiftPM links an executable target's entry point under this name; it hands control to
/// libFuzzer's driver.
@_cdecl("DICfgSwiftReaderFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
