package io.github.providergateway.guard.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 79: an invocation's words are the words as the command's syntax tree had them ({@link
 * Word#written()}: quoted or not, literal or expanded), or say that the command did not write them
 * so (a variable's value put in, a brace list's item, a field split at {@code $IFS}, a word the
 * resolution made); how a word was written changes no word's equality.
 */
class TreeWordsTest {

  private static List<Invocation> parse(String command) throws ShellParseException {
    return ShellParser.parse(command).invocations();
  }

  private static List<String> written(Invocation invocation) {
    List<String> written = new ArrayList<>();
    for (Word word : invocation.words()) {
      written.add(word.written());
    }
    return written;
  }

  @Test
  void eachWordIsAsTheCommandWroteIt() throws ShellParseException {
    Invocation rm = parse("rm -rf 'a b' \"$HOME\"/x r\\m ~/y $Z").get(0);
    assertThat(written(rm))
        .containsExactly("rm", "-rf", "'a b'", "\"$HOME\"/x", "r\\m", "~/y", "$Z");
    assertThat(rm.words())
        .extracting(Word::quoted)
        .containsExactly(false, false, true, true, true, false, false);
    assertThat(rm.words())
        .extracting(Word::literal)
        .containsExactly(true, true, true, false, true, false, false);
    assertThat(rm.words()).allMatch(Word::fromTheTree);
  }

  @Test
  void aWordTheCommandDidNotWriteSaysSo() throws ShellParseException {
    // The second reading, with the variable's value put in: rm is the value of $x.
    List<Invocation> put = parse("x=rm; $x -rf /");
    Invocation second = put.get(put.size() - 1);
    assertThat(second.via()).containsExactly("$var");
    assertThat(second.words().get(0).text()).isEqualTo("rm");
    assertThat(second.words().get(0).fromTheTree()).isFalse();
    // A brace list's items and the fields of an unquoted $IFS are bash's words, not the command's.
    assertThat(parse("{rm,-rf,/}").get(0).words()).noneMatch(Word::fromTheTree);
    assertThat(parse("rm$IFS-rf$IFS/").get(0).words()).noneMatch(Word::fromTheTree);
    // A wrapper taken off leaves the words it wraps as written.
    assertThat(written(parse("sudo 'rm' -rf /").get(0))).containsExactly("'rm'", "-rf", "/");
  }

  @Test
  void aNestedScriptsWordsAreAsItsOwnTextWroteThem() throws ShellParseException {
    Invocation inner = parse("bash -c \"rm -rf '/tmp/a b'\"").get(1);
    assertThat(inner.via()).containsExactly("bash -c");
    assertThat(written(inner)).containsExactly("rm", "-rf", "'/tmp/a b'");
    Redirect target = parse("echo x > \"$F\"").get(0).redirects().get(0);
    assertThat(target.target().written()).isEqualTo("\"$F\"");
  }

  @Test
  void howAWordWasWrittenMakesNoOtherWord() throws ShellParseException {
    Invocation quoted = parse("'rm' -rf /").get(0);
    Invocation plain = parse("rm -rf /").get(0);
    assertThat(quoted).isEqualTo(plain).hasSameHashCodeAs(plain);
    assertThat(quoted.words().get(0))
        .isEqualTo(Word.literal("rm"))
        .hasToString("Word[text=rm, literal=true]");
    assertThat(new Word("rm", true, "'rm'")).isEqualTo(new Word("rm", true));
    assertThat(new Word("rm", true, "'rm'")).isNotEqualTo(new Word("rm", false));
  }
}
