package io.github.providergateway.guard.shell.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The words of the command being read, gathered in an array the reader keeps and fixed once read
 * ({@link #fixed}): one exact copy of the array, where an {@code ArrayList} fixed by {@code
 * toArray} checked each word's type as it copied and {@link Words#copyOf} then looked at each once
 * more for a null. A 64 KiB command has thousands of commands.
 */
final class WordScratch extends AbstractList<Word> implements RandomAccess {
  private Word[] words = new Word[16];
  private int size;

  @Override
  public boolean add(Word word) {
    if (size == words.length) {
      words = Arrays.copyOf(words, size * 2);
    }
    words[size++] = Objects.requireNonNull(word, "word");
    return true;
  }

  @Override
  public Word get(int index) {
    return words[Objects.checkIndex(index, size)];
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public void clear() {
    Arrays.fill(words, 0, size, null);
    size = 0;
  }

  /** {@return the words gathered, fixed: a copy of exactly their number} */
  Words fixed() {
    // A plain array and a copy into it: Arrays.copyOf makes an array of the original's class by
    // reflection, which the profile showed at every command.
    Word[] fixed = new Word[size];
    System.arraycopy(words, 0, fixed, 0, size);
    return Words.wrap(fixed);
  }
}
