package io.github.providergateway.protocol;

/**
 * An enum whose constants stand for a closed set of strings on the wire.
 *
 * <p>Each constant carries its exact wire spelling ({@code PushLevel.INJECT} is {@code "inject"}),
 * so that Java names follow Java conventions while the JSON follows the spec.
 */
public interface WireEnum {

  /** {@return the exact string this constant is written as in JSON} */
  String wireName();

  /**
   * Finds the constant of {@code type} whose wire name is {@code wire}.
   *
   * @param <E> the enum
   * @param type the enum's class
   * @param wire a value as written on the wire; may be null
   * @return the constant, or {@code null} when none matches (the caller decides what an unknown
   *     value means: a decode error, or an {@code UNKNOWN} constant)
   */
  static <E extends Enum<E> & WireEnum> E fromWire(Class<E> type, String wire) {
    if (wire == null) {
      return null;
    }
    for (E constant : type.getEnumConstants()) {
      if (wire.equals(constant.wireName())) {
        return constant;
      }
    }
    return null;
  }
}
