package io.github.providergateway.app.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Which cache a runtime makes and reads, and the options that make and read it. */
class ClassDataCacheTest {

  @Test
  void javaSeventeenToTwentyFourKeepAClassDataArchive() {
    for (int feature : new int[] {17, 21, 24}) {
      ClassDataCache kind = ClassDataCache.of(feature);

      assertThat(kind).isEqualTo(ClassDataCache.CLASS_DATA_ARCHIVE);
      assertThat(kind.makeOption(Path.of("/r/a.jsa.tmp")))
          .isEqualTo("-XX:ArchiveClassesAtExit=/r/a.jsa.tmp");
      assertThat(kind.useOption(Path.of("/r/a.jsa"))).isEqualTo("-XX:SharedArchiveFile=/r/a.jsa");
    }
  }

  @Test
  void javaTwentyFiveAndLaterKeepAnAheadOfTimeCacheWithProfiles() {
    for (int feature : new int[] {25, 26}) {
      ClassDataCache kind = ClassDataCache.of(feature);

      assertThat(kind).isEqualTo(ClassDataCache.AOT_CACHE);
      assertThat(kind.suffix()).isEqualTo(".aot");
      assertThat(kind.makeOption(Path.of("/r/a.aot.tmp")))
          .isEqualTo("-XX:AOTCacheOutput=/r/a.aot.tmp");
      assertThat(kind.useOption(Path.of("/r/a.aot"))).isEqualTo("-XX:AOTCache=/r/a.aot");
      assertThat(kind.sideFile(Path.of("/r/a.aot.tmp"))).isEqualTo(Path.of("/r/a.aot.tmp.config"));
    }
  }

  @Test
  void thisRuntimesKindFollowsItsFeatureVersion() {
    assertThat(ClassDataCache.ofThisRuntime())
        .isEqualTo(ClassDataCache.of(Runtime.version().feature()));
    assertThat(ClassDataCache.isCacheFile("provider-gateway-0a1b.aot")).isTrue();
    assertThat(ClassDataCache.isCacheFile("provider-gateway-0a1b.jsa")).isTrue();
    assertThat(ClassDataCache.isCacheFile("provider-gateway-0a1b.jar")).isFalse();
  }
}
