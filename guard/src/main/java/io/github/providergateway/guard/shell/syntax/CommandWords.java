package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A simple command's words in the syntax tree ({@link
 * io.github.providergateway.guard.shell.syntax.SimpleCommand#words()}), as the parser read them: a
 * plain word (a run of text with no quote, expansion or shape: most words of a command) is kept as
 * its text and where it starts (it ends a text's length after), and made a {@link WrittenWord} node
 * only when asked. The tree made three objects for each (the word, its list of parts, the literal),
 * which lowering read once and let go: at 4 KiB, a sixth of what a decision allocated. Lowering
 * reads a plain word's text here ({@link #plainText}), with no node. Other words are kept as their
 * nodes.
 *
 * <p>A plain word's node is made anew each time it is asked: equal to the one before, not the same
 * object (nodes are values). Unmodifiable: every change throws, as {@link AbstractList}'s do.
 */
final class CommandWords extends FixedList<WrittenWord> {
  /** Each word: its text ({@link String}) when plain, else its node ({@link WrittenWord}). */
  private final Object[] items;

  /** Each word's start. */
  private final int[] starts;

  private CommandWords(Object[] items, int[] starts) {
    this.items = items;
    this.starts = starts;
  }

  @Override
  public WrittenWord get(int index) {
    Object item = items[Objects.checkIndex(index, items.length)];
    if (item instanceof WrittenWord word) {
      return word;
    }
    String text = (String) item;
    int start = starts[index];
    int end = start + text.length();
    return new WrittenWord(List.of(new Literal(text, text, start, end)), start, end);
  }

  @Override
  public int size() {
    return items.length;
  }

  /** {@return the offset of the first character of the word at {@code index}} */
  int start(int index) {
    return starts[Objects.checkIndex(index, items.length)];
  }

  /**
   * {@return the text of the word at {@code index} when it is plain (its node one literal whose
   * text and value are this), or null}
   */
  String plainText(int index) {
    return items[Objects.checkIndex(index, items.length)] instanceof String text ? text : null;
  }

  /**
   * The words of the simple command being read, gathered in arrays the parser reuses ({@link
   * #fixed}).
   */
  static final class Builder {
    private Object[] items = new Object[16];
    private int[] starts = new int[16];
    private int size;

    /** Adds a plain word: {@code text}, as written from {@code start}. */
    void addPlain(String text, int start) {
      room();
      items[size] = text;
      starts[size] = start;
      size++;
    }

    /** Adds a word that is not plain, or not known to be. */
    void add(WrittenWord word) {
      room();
      items[size] = Objects.requireNonNull(word, "word");
      starts[size] = word.start();
      size++;
    }

    private void room() {
      if (size == items.length) {
        items = Arrays.copyOf(items, size * 2);
        starts = Arrays.copyOf(starts, size * 2);
      }
    }

    int size() {
      return size;
    }

    boolean isEmpty() {
      return size == 0;
    }

    /** {@return the end of the last word added; there must be one} */
    int lastEnd() {
      Object last = items[size - 1];
      return last instanceof WrittenWord word
          ? word.end()
          : starts[size - 1] + ((String) last).length();
    }

    /**
     * {@return the words added, fixed: copied once, exactly (none when there are none)} Empties
     * this builder for the next command.
     */
    List<WrittenWord> fixed() {
      if (size == 0) {
        return List.of();
      }
      CommandWords words =
          new CommandWords(Arrays.copyOf(items, size), Arrays.copyOf(starts, size));
      Arrays.fill(items, 0, size, null);
      size = 0;
      return words;
    }

    /** Empties this builder, its words let go. */
    void clear() {
      Arrays.fill(items, 0, size, null);
      size = 0;
    }
  }
}
