package io.github.providergateway.guard.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/**
 * The lists a parse hands out are fixed and behave as lists: the words the parser keeps without a
 * copy ({@code Words}), their sublists, and {@link Invocation#args()}'s view of their texts.
 */
class ParsedWordsTest {

  private static Invocation only(String command) throws ShellParseException {
    List<Invocation> invocations = ShellParser.parse(command).invocations();
    assertThat(invocations).hasSize(1);
    return invocations.get(0);
  }

  private static List<String> texts(List<Word> words) {
    List<String> texts = new ArrayList<>();
    for (Word word : words) {
      texts.add(word.text());
    }
    return texts;
  }

  @Test
  void anInvocationsWordsCannotBeChangedNorTheirSublists() throws ShellParseException {
    List<Word> words = only("git push --force origin main").words();
    assertThatThrownBy(() -> words.add(Word.literal("x")))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> words.set(0, Word.literal("x")))
        .isInstanceOf(UnsupportedOperationException.class);
    List<Word> tail = words.subList(1, 3);
    assertThatThrownBy(() -> tail.remove(0)).isInstanceOf(UnsupportedOperationException.class);
    assertThat(texts(tail)).containsExactly("push", "--force");
    assertThat(texts(tail.subList(1, 2))).containsExactly("--force");
    assertThat(words.subList(0, words.size())).isSameAs(words);
    assertThatThrownBy(() -> words.subList(2, 9)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> tail.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void theWordsIterateAndCompareAsAnyList() throws ShellParseException {
    Invocation invocation = only("rm -rf 'a b' c");
    List<Word> words = invocation.words();
    List<Word> same =
        List.of(Word.literal("rm"), Word.literal("-rf"), Word.literal("a b"), Word.literal("c"));
    assertThat(words).isEqualTo(same).hasSameHashCodeAs(same);
    assertThat(same).isEqualTo(words);
    Iterator<Word> it = words.subList(2, 4).iterator();
    assertThat(it.next().text()).isEqualTo("a b");
    assertThat(it.next().text()).isEqualTo("c");
    assertThat(it.hasNext()).isFalse();
    assertThatThrownBy(it::next).isInstanceOf(NoSuchElementException.class);
    assertThat(new Invocation(same, List.of(), List.of(), List.of())).isEqualTo(invocation);
  }

  @Test
  void argsAreTheTextsAfterTheProgramReadOnly() throws ShellParseException {
    Invocation invocation = only("sudo git push --force");
    List<String> args = invocation.args();
    assertThat(args).containsExactly("push", "--force").isEqualTo(List.of("push", "--force"));
    assertThat(args.contains("--force")).isTrue();
    assertThat(args.contains("git")).isFalse();
    assertThat(args.contains(null)).isFalse();
    assertThatThrownBy(() -> args.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> args.get(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> args.add("x")).isInstanceOf(UnsupportedOperationException.class);
    assertThat(only("ls").args()).isEmpty();
  }

  @Test
  void anInvocationMadeByHandStillCopiesItsWords() {
    List<Word> given = new ArrayList<>(List.of(Word.literal("ls"), Word.literal("-l")));
    Invocation invocation = new Invocation(given, List.of(), List.of(), List.of());
    given.set(1, Word.literal("-la"));
    assertThat(invocation.args()).containsExactly("-l");
  }
}
