import DICfgCore
import Testing

@Suite struct SuggestionTests {
  @Test func theIndexOfALargeSetSuggestsWhatTheLinearSearchSuggestsForTypos() {
    let names = (0..<5_000).map { "service\($0)" } + ["weatherClient", "WeatherReportView"]
    let index = SuggestionIndex(names)
    for typo in ["servce12", "srvice4999", "service1O", "weatherClinet", "weatherreportview", "serivce300"] {
      #expect(index.closest(to: typo) == Suggestions.closest(to: typo, among: names), "\(typo)")
    }
    #expect(index.closest(to: "weatherClinet") == "weatherClient")
    #expect(index.closest(to: "photoService") == nil, "nothing near: no suggestion")
  }

  @Test func aSmallSetIsSearchedWhole() {
    let index = SuggestionIndex(["production", "test"])
    #expect(index.closest(to: "prodution") == "production")
    #expect(index.closest(to: "staging") == nil)
    #expect(index.clause(for: "tset") == "; did you mean 'test'?")
  }

  @Test func sortedUniqueOrdersByPlaceAndDropsRepeats() {
    let early = Diagnostic.error(.unknownKey, "b", at: SourceLocation(file: "a.yaml", line: 1, column: 5, offset: 4))
    let late = Diagnostic.error(.unknownKey, "a", at: SourceLocation(file: "a.yaml", line: 9, column: 1, offset: 80))
    let other = Diagnostic.error(.syntaxError, "c", at: SourceLocation(file: "b.yaml", line: 1, column: 1, offset: 0))
    let sameSpot = Diagnostic.error(.unknownKey, "a", at: early.location)
    let list = [other, late, early, sameSpot, late, early]
    #expect(list.sortedUnique() == [sameSpot, early, late, other])
    #expect(list.sortedUnique() == Array(Set(list)).sorted())
  }
}
