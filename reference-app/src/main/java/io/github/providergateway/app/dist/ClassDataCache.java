package io.github.providergateway.app.dist;

import java.nio.file.Path;

/**
 * How a gateway's JVM keeps what a start loads for the next start, by the runtime's feature
 * version: up to Java 24 a class-data archive ({@code .jsa}: the classes loaded, parsed; JDK 17's
 * {@code -XX:ArchiveClassesAtExit}), from Java 25 an ahead-of-time cache ({@code .aot}: the classes
 * loaded and linked, and the profiles of the methods the training ran, JEP 483, 514 and 515). Both
 * are made by a training run of the same jar on the same runtime and refused by any other, and
 * either is only a speed-up: without it the gateway runs all the same.
 *
 * <p>The launcher ({@code ./gateway}) makes the same choice from the runtime's {@code release}
 * file.
 */
public enum ClassDataCache {
  /** JDK 17 to 24: the classes a start loads, dumped at the training run's exit. */
  CLASS_DATA_ARCHIVE(".jsa", "-XX:ArchiveClassesAtExit=", "-XX:SharedArchiveFile="),

  /** JDK 25 and later: classes loaded and linked and method profiles, written at its exit. */
  AOT_CACHE(".aot", "-XX:AOTCacheOutput=", "-XX:AOTCache=");

  /** The first feature version with a one-step ahead-of-time cache (JEP 514). */
  static final int AOT_FROM = 25;

  private final String suffix;
  private final String makeOption;
  private final String useOption;

  ClassDataCache(String suffix, String makeOption, String useOption) {
    this.suffix = suffix;
    this.makeOption = makeOption;
    this.useOption = useOption;
  }

  /** {@return the kind a runtime of {@code featureVersion} makes and reads} */
  static ClassDataCache of(int featureVersion) {
    return featureVersion >= AOT_FROM ? AOT_CACHE : CLASS_DATA_ARCHIVE;
  }

  /** {@return the kind this JVM's runtime makes and reads (a detached gateway runs on it too)} */
  public static ClassDataCache ofThisRuntime() {
    return of(Runtime.version().feature());
  }

  /** {@return the file name's ending: {@code .jsa} or {@code .aot}} */
  public String suffix() {
    return suffix;
  }

  /** {@return whether {@code fileName} ends as a file of either kind} */
  static boolean isCacheFile(String fileName) {
    for (ClassDataCache kind : values()) {
      if (fileName.endsWith(kind.suffix)) {
        return true;
      }
    }
    return false;
  }

  /** {@return the option of a training run that writes the file to {@code draft} at its exit} */
  public String makeOption(Path draft) {
    return makeOption + draft;
  }

  /** {@return the option of a run that reads {@code file}} */
  public String useOption(Path file) {
    return useOption + file;
  }

  /**
   * {@return what a training run writes besides {@code draft} and may leave behind when stopped:
   * JDK 25's one-step cache records the training's configuration in {@code <draft>.config}, then
   * makes the cache from it in a second JVM}
   */
  public Path sideFile(Path draft) {
    return draft.resolveSibling(draft.getFileName() + ".config");
  }
}
