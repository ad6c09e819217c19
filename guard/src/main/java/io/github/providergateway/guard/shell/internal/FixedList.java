package io.github.providergateway.guard.shell.internal;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A list fixed once made: unmodifiable, no null item, its items never changed after. The syntax
 * tree's records keep such a list as it is ({@link #of}), and so does an invocation its words,
 * where {@code List.copyOf} of a growing list makes two (the list's own array, then {@code
 * List.of}'s checked copy); a long command's tree has thousands of lists. Its kinds: an exact array
 * ({@link #copyOf}), a simple command's words as the parser read them, a command's words once read.
 * Every change throws, as {@link AbstractList}'s do.
 *
 * <p>Below both the syntax tree ({@code guard.shell.syntax}), whose records keep it, and the parser
 * ({@code guard.shell}), whose lists extend it, so that neither package names the other's back
 * (decision 80).
 *
 * @param <T> the items' type
 */
public abstract class FixedList<T> extends AbstractList<T> implements RandomAccess {

  /** For the parser's own kinds of fixed list. */
  protected FixedList() {}

  /**
   * {@return {@code list}, unmodifiable and with no null item: itself when it is fixed already (a
   * list of this class or one of {@code List.of}'s), else a copy}
   *
   * @param list the items, none null
   * @param <T> the items' type
   */
  public static <T> List<T> of(List<T> list) {
    return list instanceof FixedList<T> ? list : List.copyOf(list);
  }

  /**
   * {@return whether {@code list} is fixed already, so that a copy of it would change nothing}
   *
   * @param list a list
   */
  public static boolean isFixed(List<?> list) {
    return list instanceof FixedList;
  }

  /**
   * {@return the items of {@code from}, copied once: {@code List.of}'s for none, one or two (no
   * array at all), a fixed list of an exact array for more}
   *
   * @param from the items, none null
   * @param <T> the items' type
   */
  public static <T> List<T> copyOf(List<? extends T> from) {
    // List.of's lists of none, one or two hold their items in fields: no array, none to copy.
    switch (from.size()) {
      case 0 -> {
        return List.of();
      }
      case 1 -> {
        return List.of(from.get(0));
      }
      case 2 -> {
        return List.of(from.get(0), from.get(1));
      }
      default -> {}
    }
    Object[] items = from.toArray();
    for (Object item : items) {
      Objects.requireNonNull(item, "an item");
    }
    return new Items<>(items);
  }

  /** An exact array of items. */
  private static final class Items<T> extends FixedList<T> {
    private final Object[] items;

    Items(Object[] items) {
      this.items = items;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T get(int index) {
      return (T) items[Objects.checkIndex(index, items.length)];
    }

    @Override
    public int size() {
      return items.length;
    }
  }
}
