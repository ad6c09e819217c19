package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.AbstractList;
import java.util.Collection;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A command's words, fixed once the command is read: a run of an array the reader keeps them in
 * ({@link WordScratch.Room}), no copy of it anywhere after. {@link
 * io.github.providergateway.guard.shell.Invocation} keeps such a list as it is, where {@code
 * List.copyOf} of a growing list would make two arrays (the list's own, then the copy's). A 64 KiB
 * command has thousands of programs, and their word lists were a fifth of the bytes one decision
 * allocated (docs/guard.md, "Time").
 *
 * <p>Unmodifiable: every change throws, as {@link AbstractList}'s do.
 */
final class Words extends FixedList<Word> {
  private static final Words EMPTY = new Words(new Word[0], 0, 0);

  private final Word[] words;
  private final int from;
  private final int size;

  private Words(Word[] words, int from, int size) {
    this.words = words;
    this.from = from;
    this.size = size;
  }

  /**
   * The words of {@code from}, copied once.
   *
   * @param from the words, none null
   * @return a fixed list of them
   */
  static Words copyOfWords(Collection<Word> from) {
    if (from instanceof Words fixed) {
      return fixed;
    }
    if (from.isEmpty()) {
      return EMPTY;
    }
    Word[] array = from.toArray(new Word[0]);
    for (Word word : array) {
      if (word == null) {
        throw new NullPointerException("a null word");
      }
    }
    return new Words(array, 0, array.length);
  }

  /**
   * {@return {@code size} words of {@code words} from {@code from}, no copy: a run of the caller's
   * array, none null, changed no more}
   */
  static Words wrap(Word[] words, int from, int size) {
    return size == 0 ? EMPTY : new Words(words, from, size);
  }

  @Override
  public Word get(int index) {
    return words[from + Objects.checkIndex(index, size)];
  }

  @Override
  public int size() {
    return size;
  }

  /** {@return the words from {@code fromIndex} to {@code toIndex}: fixed too, on the same array} */
  @Override
  public Words subList(int fromIndex, int toIndex) {
    Objects.checkFromToIndex(fromIndex, toIndex, size);
    return fromIndex == 0 && toIndex == size
        ? this
        : new Words(words, from + fromIndex, toIndex - fromIndex);
  }

  // A plain cursor over the array: the rules loop over every program's arguments, and this one is
  // small enough for the compiler to keep off the heap, where AbstractList's sublist iterators
  // (an iterator wrapping another) were a quarter of what a long command's decision allocated.
  @Override
  public Iterator<Word> iterator() {
    return new Cursor(words, from, from + size);
  }

  /** Iterates {@code words[at..end)}. */
  private static final class Cursor implements Iterator<Word> {
    private final Word[] words;
    private final int end;
    private int at;

    Cursor(Word[] words, int at, int end) {
      this.words = words;
      this.at = at;
      this.end = end;
    }

    @Override
    public boolean hasNext() {
      return at < end;
    }

    @Override
    public Word next() {
      if (at >= end) {
        throw new NoSuchElementException();
      }
      return words[at++];
    }
  }
}
