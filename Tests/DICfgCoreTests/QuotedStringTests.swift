import DICfgCore
import Testing

@Suite struct QuotedStringTests {
  @Test func eachLanguageEscapesQuotesBackslashesAndNewlinesTheSameWay() {
    for language in [QuotedString.Language.swift, .json, .dot] {
      #expect(QuotedString.quoted("a \"b\" \\ c\nd", in: language) == #""a \"b\" \\ c\nd""#)
    }
  }

  @Test func controlCharactersTakeEachLanguagesForm() {
    #expect(QuotedString.quoted("\u{1B}\t\r", in: .swift) == #""\u{1b}\t\r""#)
    #expect(QuotedString.quoted("\u{1B}\t\r", in: .json) == #""\u001b\t\r""#)
    #expect(QuotedString.quoted("\u{1B}\t", in: .dot) == "\"\u{1B}\t\"")
    #expect(QuotedString.quoted("\u{7F}", in: .swift) == #""\u{7f}""#)
  }
}
