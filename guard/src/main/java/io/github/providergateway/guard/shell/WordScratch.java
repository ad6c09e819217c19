package io.github.providergateway.guard.shell;

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

  /** {@return the words gathered, fixed: copied into the next run of {@code room}} */
  Words fixed(Room room) {
    return room.keep(words, size);
  }

  /**
   * Where a reader's commands' words are kept once read: each command's words a run of a shared
   * array, not an array of its own (a header and padding each, for thousands of commands). A run
   * once written is never written again, so each command's {@link Words} stays as it was.
   */
  static final class Room {
    /** The most words an array holds (4 KiB of references), unless one command has more. */
    private static final int MAX_ROOM = 1024;

    private Word[] room = new Word[0];
    private int used;

    /**
     * The size of the first array, when the first command needs no more: kept within 16 to 1,024.
     */
    private final int first;

    /** A room whose first array holds about {@code expected} words. */
    Room(int expected) {
      this.first = Math.max(16, Math.min(MAX_ROOM, expected));
    }

    /** {@return the first {@code size} of {@code words}, copied into this room, as fixed words} */
    Words keep(Word[] words, int size) {
      if (size == 0) {
        return Words.wrap(words, 0, 0);
      }
      if (room.length - used < size) {
        // Grown as the command goes on: a short command's room is a few words, not thousands.
        room = new Word[Math.max(size, Math.min(MAX_ROOM, Math.max(first, room.length * 2)))];
        used = 0;
      }
      System.arraycopy(words, 0, room, used, size);
      Words kept = Words.wrap(room, used, size);
      used += size;
      return kept;
    }
  }
}
