package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.CODEC;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.ErrorCode;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link JsStringifier} writes args exactly as JavaScript's {@code
 * JSON.stringify(JSON.parse(text))} (arch 8, R-HOOK-08).
 *
 * <p>Every expected string below was produced by Node.js v20.20.2 at development time, with {@code
 * JSON.stringify(JSON.parse(input))} for the JSON table and {@code String(x)} for the number table;
 * the tests do not call Node.
 */
class JsStringifierTest {

  private static String stringify(String json) {
    return JsStringifier.stringify(CODEC.parseJson(json));
  }

  /** Input JSON text, and what Node printed for it. */
  static Stream<Arguments> nodeOutputs() {
    return Stream.of(
        Arguments.of("0", "0"),
        Arguments.of("-0", "0"),
        Arguments.of("1.0", "1"),
        Arguments.of("1e21", "1e+21"),
        Arguments.of("1e20", "100000000000000000000"),
        Arguments.of("123e-20", "1.23e-18"),
        Arguments.of("1.5e-7", "1.5e-7"),
        Arguments.of("0.000001", "0.000001"),
        Arguments.of("0.0000001", "1e-7"),
        Arguments.of("5e-324", "5e-324"),
        Arguments.of("1.7976931348623157e308", "1.7976931348623157e+308"),
        Arguments.of("9007199254740993", "9007199254740992"),
        Arguments.of("123456789012345678901", "123456789012345680000"),
        Arguments.of("0.1", "0.1"),
        Arguments.of("0.3", "0.3"),
        Arguments.of("0.30000000000000004", "0.30000000000000004"),
        Arguments.of("100", "100"),
        Arguments.of("1e2", "100"),
        Arguments.of("-1.5E+300", "-1.5e+300"),
        Arguments.of("1E400", "null"),
        Arguments.of("-1E400", "null"),
        Arguments.of("-0.0", "0"),
        Arguments.of("1e-7", "1e-7"),
        Arguments.of("2.5e-5", "0.000025"),
        Arguments.of("123456789", "123456789"),
        Arguments.of("1234567890123456789012", "1.2345678901234568e+21"),
        Arguments.of("0.1000000000000000055511151231257827", "0.1"),
        Arguments.of("4.35", "4.35"),
        Arguments.of("999999999999999999999", "1e+21"),
        Arguments.of("12345678901234567890", "12345678901234567000"),
        Arguments.of("-123.456e-3", "-0.123456"),
        Arguments.of("2e-323", "2e-323"),
        Arguments.of("100e-2", "1"),
        Arguments.of("1.7976931348623159e308", "null"),
        Arguments.of("-2147483649", "-2147483649"),
        Arguments.of("9223372036854775807", "9223372036854776000"),
        Arguments.of("9223372036854775808", "9223372036854776000"),
        Arguments.of("0.5", "0.5"),
        Arguments.of("1e-6", "0.000001"),
        Arguments.of("1.0000000000000002", "1.0000000000000002"),
        Arguments.of("4.940656458412465e-324", "5e-324"),
        Arguments.of("2.2250738585072014e-308", "2.2250738585072014e-308"),
        Arguments.of("1e+21", "1e+21"),
        Arguments.of("1E-7", "1e-7"),
        Arguments.of("0e10", "0"),
        Arguments.of("-5e-7", "-5e-7"),
        Arguments.of("1.25e+2", "125"),
        Arguments.of("true", "true"),
        Arguments.of("false", "false"),
        Arguments.of("null", "null"),
        Arguments.of("[]", "[]"),
        Arguments.of("{}", "{}"),
        Arguments.of("[1,2.50,-3e0]", "[1,2.5,-3]"),
        Arguments.of("{\"a\":[],\"b\":{},\"c\":null}", "{\"a\":[],\"b\":{},\"c\":null}"),
        Arguments.of("[{\"x\":1.10}]", "[{\"x\":1.1}]"),
        Arguments.of(" { \"a\" : [ 1 , 2 ] , \"b\" : \"c d\" } ", "{\"a\":[1,2],\"b\":\"c d\"}"),
        Arguments.of("{\"a\":1,\"b\":2,\"a\":3}", "{\"a\":3,\"b\":2}"),
        Arguments.of(
            "{\"z\":1,\"y\":{\"x\":2,\"w\":[3,{\"v\":4}]}}",
            "{\"z\":1,\"y\":{\"x\":2,\"w\":[3,{\"v\":4}]}}"),
        Arguments.of("{\"k\\\"\\n\\u0000\":1}", "{\"k\\\"\\n\\u0000\":1}"),
        Arguments.of("{\"__proto__\":1,\"constructor\":2}", "{\"__proto__\":1,\"constructor\":2}"),
        Arguments.of("{\"\":0}", "{\"\":0}"),
        Arguments.of("[[[[[]]]]]", "[[[[[]]]]]"),
        Arguments.of(
            "{\"command\":\"git push origin main\",\"path\":\"/tmp/a b\",\"n\":1.50,\"flags\":[\"-f\"]}",
            "{\"command\":\"git push origin main\",\"path\":\"/tmp/a b\",\"n\":1.5,\"flags\":[\"-f\"]}"),
        Arguments.of("\"\\u0000\"", "\"\\u0000\""),
        Arguments.of("\"\\u0001\"", "\"\\u0001\""),
        Arguments.of("\"\\u0002\"", "\"\\u0002\""),
        Arguments.of("\"\\u0003\"", "\"\\u0003\""),
        Arguments.of("\"\\u0004\"", "\"\\u0004\""),
        Arguments.of("\"\\u0005\"", "\"\\u0005\""),
        Arguments.of("\"\\u0006\"", "\"\\u0006\""),
        Arguments.of("\"\\u0007\"", "\"\\u0007\""),
        Arguments.of("\"\\u0008\"", "\"\\b\""),
        Arguments.of("\"\\u0009\"", "\"\\t\""),
        Arguments.of("\"\\u000a\"", "\"\\n\""),
        Arguments.of("\"\\u000b\"", "\"\\u000b\""),
        Arguments.of("\"\\u000c\"", "\"\\f\""),
        Arguments.of("\"\\u000d\"", "\"\\r\""),
        Arguments.of("\"\\u000e\"", "\"\\u000e\""),
        Arguments.of("\"\\u000f\"", "\"\\u000f\""),
        Arguments.of("\"\\u0010\"", "\"\\u0010\""),
        Arguments.of("\"\\u0011\"", "\"\\u0011\""),
        Arguments.of("\"\\u0012\"", "\"\\u0012\""),
        Arguments.of("\"\\u0013\"", "\"\\u0013\""),
        Arguments.of("\"\\u0014\"", "\"\\u0014\""),
        Arguments.of("\"\\u0015\"", "\"\\u0015\""),
        Arguments.of("\"\\u0016\"", "\"\\u0016\""),
        Arguments.of("\"\\u0017\"", "\"\\u0017\""),
        Arguments.of("\"\\u0018\"", "\"\\u0018\""),
        Arguments.of("\"\\u0019\"", "\"\\u0019\""),
        Arguments.of("\"\\u001a\"", "\"\\u001a\""),
        Arguments.of("\"\\u001b\"", "\"\\u001b\""),
        Arguments.of("\"\\u001c\"", "\"\\u001c\""),
        Arguments.of("\"\\u001d\"", "\"\\u001d\""),
        Arguments.of("\"\\u001e\"", "\"\\u001e\""),
        Arguments.of("\"\\u001f\"", "\"\\u001f\""),
        Arguments.of("\"\\\"\"", "\"\\\"\""),
        Arguments.of("\"\\\\\"", "\"\\\\\""),
        Arguments.of("\"\\/\"", "\"/\""),
        Arguments.of("\"/\"", "\"/\""),
        Arguments.of("\"\\u2028\"", "\"\u2028\""),
        Arguments.of("\"\\u2029\"", "\"\u2029\""),
        Arguments.of("\"\\ud83d\\ude00\"", "\"\ud83d\ude00\""),
        Arguments.of("\"\ud83d\ude00\"", "\"\ud83d\ude00\""),
        Arguments.of(
            "\"h\u00e9llo w\u00f6rld \u65e5\u672c\u8a9e\"",
            "\"h\u00e9llo w\u00f6rld \u65e5\u672c\u8a9e\""),
        Arguments.of("\"\\ud800\"", "\"\\ud800\""),
        Arguments.of("\"\\udc00\"", "\"\\udc00\""),
        Arguments.of("\"a\\ud800b\"", "\"a\\ud800b\""),
        Arguments.of("\"\\udc00\\ud800\"", "\"\\udc00\\ud800\""),
        Arguments.of("\"\\u007f\"", "\"\177\""),
        Arguments.of("\"\\u0080\"", "\"\u0080\""),
        Arguments.of("\"\\u00ad\"", "\"\u00ad\""),
        Arguments.of("\"\\ufeff\"", "\"\ufeff\""),
        Arguments.of("\"\\uffff\"", "\"\uffff\""),
        Arguments.of("\"\\b\\f\\n\\r\\t\"", "\"\\b\\f\\n\\r\\t\""),
        Arguments.of("\"tab\\there\"", "\"tab\\there\""),
        Arguments.of("\"\\u0041\\u00e9\"", "\"A\u00e9\""),
        Arguments.of("\"<script>&'\"", "\"<script>&'\""));
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @MethodSource("nodeOutputs")
  void writesWhatJavaScriptWrites(String input, String javaScriptOutput) {
    assertThat(stringify(input)).isEqualTo(javaScriptOutput);
  }

  /**
   * Bit patterns of finite doubles (120 random, 60 with small exponents, edge cases, subnormals)
   * and Node's {@code String(x)} for each: shortest round-trip digits in JavaScript's layout.
   */
  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "ad5db60b4c5d45d4 | -3.646365386218247e-90",
        "bedaf65d8707906e | -0.000006428328660910375",
        "0a1fe02d6c6dd3d0 | 6.478633194608557e-260",
        "9706f44d6f0b43b4 | -9.596150147709488e-198",
        "fdf3c3d8a31fa376 | -5.170506282997966e+298",
        "481e64cc0cd21571 | 2.585613323949813e+39",
        "20b83dcc23713dfa | 4.628495163589311e-151",
        "785134315b1edc82 | 3.6354858883306646e+271",
        "7aa278feeca0b1e4 | 5.365064019754775e+282",
        "570a4617426e8317 | 1.974563849281231e+111",
        "d38deab3e2c7e7f7 | -3.1202105778962496e+94",
        "e8e9c73b7a573657 | -2.408688452216369e+197",
        "579b01b746b1a2b0 | 1.0391779999412903e+114",
        "1166ca4dae545252 | 7.696305445359545e-225",
        "1be7f175c089f047 | 3.0252047036477155e-174",
        "99505f624166747c | -9.407195362282228e-187",
        "eb6d89bb9b6ed8aa | -3.0346483148246554e+209",
        "f5d675491f586d7b | -4.3162858654937884e+259",
        "ba59e109cefe84d9 | -1.3065584305206572e-27",
        "681ab9d75aebf6ea | 3.048388118370939e+193",
        "62d969a4129a9f24 | 1.4985378625167077e+168",
        "74961e93526f20e2 | 4.054248875132543e+253",
        "0e87d5a8eca0d509 | 1.1438299815634382e-238",
        "ec286afa765de909 | -1.0275311167705356e+213",
        "b803b3e81516fa8e | -7.237650978065501e-39",
        "1bf8ffeb12f0477c | 6.317379643120875e-174",
        "b42a39cc02ed848d | -2.0890030401796492e-57",
        "03033e63ec499479 | 3.7663710086196444e-294",
        "feb129153fda9651 | -1.838760254908355e+302",
        "44b38f52c2cb246f | 9.236881112927766e+22",
        "77052597241fd422 | 2.1308438475935197e+265",
        "65cc6c2d4f22feff | 2.3587976325685415e+182",
        "984cadf4365c51e9 | -1.2572002591728577e-191",
        "b074a29bb4578f85 | -2.8513434377004004e-75",
        "6950716a7a91a86c | 1.966613527353709e+199",
        "19d27eafd9479350 | 2.720407494892999e-184",
        "478ffd1134cb1fcd | 5.315008494779165e+36",
        "3f3a906d1009109e | 0.0004053369775969348",
        "3010d34deb04d425 | 3.632676419390336e-77",
        "d522d8950b13b8fb | -1.3190713642900836e+102",
        "6ab054700463ca78 | 8.19179033125551e+205",
        "594069f3efc624a4 | 8.47694711361021e+121",
        "2ee1515d21c28506 | 7.131561080297143e-83",
        "39caa9523762f621 | 2.629018079508629e-30",
        "90d49ba9515d124c | -1.3592527968395636e-227",
        "e348221936bb02b5 | -1.8215555908814038e+170",
        "3893c47348227758 | 3.717831726947012e-36",
        "0cb732ba5a3c9445 | 2.073657552086252e-247",
        "4b09f5aa7b398602 | 3.108048530079216e+53",
        "1141cc90e12b7825 | 1.5026953764395837e-225",
        "b77d5de085f26fc8 | -2.1069579113113678e-41",
        "a04f22b1ad1b59c1 | -4.644386880588163e-153",
        "e10fc532942f357f | -3.4895472295456148e+159",
        "ced9d7ff335ab2bb | -7.134676918540256e+71",
        "fc29389453000277 | -1.2289334689356869e+290",
        "70ccb66661f1f473 | 2.2823257760226862e+235",
        "6a53c92e60d0fa2a | 1.550858217105842e+204",
        "d0d58d5288553c35 | -2.555449147421319e+81",
        "46dd71935e14b7f2 | 2.3887530756132865e+33",
        "7bbe2cdff5fa016d | 1.1487019513445236e+288",
        "1ae498cfcc9305b9 | 3.9709542805198706e-179",
        "cf43ff52ac63ef37 | -7.066453683934482e+73",
        "8f854403d20c1461 | -6.688253408089438e-234",
        "397735b98a5e2709 | 7.152091031987267e-32",
        "d6c7f980555016d3 | -1.1261080592998793e+110",
        "572e9fc98c47f6c7 | 9.206037153176683e+111",
        "1211541657483006 | 1.1984593719274367e-221",
        "fed6c013b16e1ac0 | -9.750857117579386e+302",
        "ac55480fc0909f7e | -3.985322008366047e-95",
        "572a46828c332a48 | 7.898747527603823e+111",
        "eeb15bddb5b70bc5 | -1.606341090192515e+225",
        "3f8a118f3d4ccc2b | 0.012728804643847699",
        "c902b8f9f728fdab | -5.219089162831378e+43",
        "f4d5b4cdf7fd83ed | -6.365631681553699e+254",
        "1c67c6251f0ec2de | 7.689795927966071e-172",
        "e1dcd8625803c545 | -2.5954459172950767e+163",
        "5f39f5d4dfaf37fe | 5.3111334322882454e+150",
        "afea07718ba8fb79 | -7.024734075369153e-78",
        "1e0675d4a3af17bd | 4.875368623536498e-164",
        "42e7bda2d6f5377b | 208825986034107.84",
        "7fda235ce8ed7c8c | 7.341929443777405e+307",
        "bc2ef79915882bfa | -8.393670857141597e-19",
        "e08ce14975a8d23d | -1.2390971427235117e+157",
        "3ba40b35d2b35ba3 | 2.1222188173307246e-21",
        "15dbc8e4aeb8119b | 2.2154873155549202e-203",
        "c3705bf3050e683b | -73675183158100910",
        "5649c9e9e0986949 | 4.7317123956849604e+107",
        "4eee9a37894a6f1d | 1.6896805667571348e+72",
        "5cb284e2b6ac608f | 3.4458592414438966e+138",
        "fcc696099289073a | -1.1269554002530482e+293",
        "0c1fd69071e43139 | 2.7792737498537107e-250",
        "420cdbd1a805480e | 15493379328.660183",
        "de6884e9ae84c702 | -6.123419841805314e+146",
        "a8903e103ec1cf66 | -2.638230802812139e-113",
        "51d7dca5d19842dd | 1.8542312371085592e+86",
        "d1f9ebbee9aa67c3 | -8.05691053186518e+86",
        "a4a73283196e3668 | -4.085164912301576e-132",
        "57191d6ab5a0a7f8 | 3.7749398042140555e+111",
        "461159c13c4d935b | 3.4366413401819636e+29",
        "229bc804d9de4b15 | 5.695541164491804e-142",
        "72a8d27093cc8c4b | 2.1185748000382934e+244",
        "2916f6adc55c1469 | 9.548636707957693e-111",
        "4b11d7db8ce1583e | 4.272596088578345e+53",
        "7960836fc11f29c8 | 4.573863127239942e+276",
        "6137493324c58f68 | 2.0461215150114927e+160",
        "a5df5439c3a5989f | -2.8926004632251372e-126",
        "23c2066beba9f1f7 | 1.9374445237316597e-136",
        "10e1e68bba8f9da5 | 2.3613487472620504e-227",
        "8691786efe019d33 | -4.927741647308311e-277",
        "8a92d09a32462e69 | -9.789590968836842e-258",
        "0285d107e78acc6f | 1.6679379601720528e-296",
        "c74aa14f847d42cb | -2.76542972592769e+35",
        "b74e2c1232d81925 | -2.7059322385996024e-42",
        "6fbd16630e53dbd9 | 1.7640152652802727e+230",
        "4a1d746bb7982d44 | 1.0762048146269852e+49",
        "acfb3387988492b6 | -5.216158752937862e-92",
        "64d6a44bf80d3277 | 5.734401612615618e+177",
        "97a73f720fa740a5 | -9.9521133419535e-195",
        "098005f3d408a57a | 6.360693235265125e-263",
        "12651fc31e44a882 | 4.675098841325976e-220",
        "3ed548e2ab041cea | 0.00000507467",
        "41609bd9c0000000 | 8707790",
        "3cf2b0b76b1775e2 | 4.15008e-15",
        "42025ae7ec000000 | 9854320000",
        "43a9c939ea5c4200 | 929040000000000000",
        "454e7d632ed137f4 | 7.371979999999999e+25",
        "43da64bcc5b5b048 | 7607410000000000000",
        "423b638864800000 | 117634000000",
        "42c386b600050000 | 42938600000000",
        "41bb145f80000000 | 454320000",
        "405192b6ae7d566d | 70.2924",
        "413aa57200000000 | 1746290",
        "3f17e46c33817815 | 0.0000911418",
        "3f80fe1f552fdd3d | 0.0082972",
        "3d9d2846fbe9fd5e | 6.62961e-12",
        "3b5d05300a8920e9 | 9.602000000000001e-23",
        "42fa938f0cdea000 | 467537000000000",
        "42d434d5556b8000 | 88868600000000",
        "4503fdb8e511f7b4 | 3.02097e+24",
        "41a4680790000000 | 171181000",
        "3e4d593ce275ad01 | 1.36665e-8",
        "4149399900000000 | 3306290",
        "44e5b68aba7bb0d5 | 8.20296e+23",
        "41b6120a28000000 | 370281000",
        "44b3c847ff8446ad | 9.341950000000001e+22",
        "3da472eefc910930 | 9.29911e-12",
        "414b5e6d00000000 | 3587290",
        "3f6ac6f5f336c3e1 | 0.0032687",
        "415525db80000000 | 5543790",
        "44ccd1e32a41e45a | 2.7219600000000002e+23",
        "3e0e029f3b0d3501 | 8.73413e-10",
        "43d04d06c01cc928 | 4698410000000000000",
        "3fde0e496ededaed | 0.46962200000000004",
        "4438b4b463debed9 | 455742999999999970000",
        "3e7996c985e0e794 | 9.53265e-8",
        "3e109fd3ae7a645c | 9.67663e-10",
        "3c240171b9080512 | 5.422540000000001e-19",
        "4251222823e00000 | 294350000000",
        "44df154fe669cabb | 5.8714599999999993e+23",
        "422f44b37dbfffff | 67148299999.99999",
        "405c74cccccccccd | 113.825",
        "4195892f00000000 | 90328000",
        "4183a9ef80000000 | 41238000",
        "3c90241d6d04013f | 5.60006e-17",
        "430733ff4912f000 | 816387000000000",
        "42c0b2068b100000 | 36713600000000",
        "3dbab124907b70a9 | 2.42762e-11",
        "3e11149852f7051d | 9.94213e-10",
        "3da3225713117da0 | 8.701200000000001e-12",
        "3b1d4deaa8cae25d | 6.0600000000000005e-24",
        "3fc5e26916440f24 | 0.170972",
        "3ba91371c813c648 | 2.6550200000000005e-21",
        "43a8afd9ef620c00 | 889440000000000000",
        "3e05b3ba092505f7 | 6.316130000000001e-10",
        "3d3bb22bfc363816 | 9.83959e-14",
        "40bb94c28f5c28f6 | 7060.76",
        "40b280428f5c28f6 | 4736.26",
        "3e02ba6cc3086305 | 5.45063e-10",
        "3f912b65089854f5 | 0.016767099999999997",
        "3c2acbbf5125853f | 7.26304e-19",
        "444b1ae4d6e2ef50 | 1e+21",
        "444b1ae4d6e2ef50 | 1e+21",
        "444b1ae4d6e2ef4f | 999999999999999900000",
        "3e7ad7f29abcaf48 | 1e-7",
        "3e7ad7f29abcaf49 | 1.0000000000000001e-7",
        "3e7ad7f29abcaf48 | 1e-7",
        "3fd3333333333334 | 0.30000000000000004",
        "3fd5555555555555 | 0.3333333333333333",
        "3fe5555555555555 | 0.6666666666666666",
        "400921fb54442d18 | 3.141592653589793",
        "4005bf0a8b145769 | 2.718281828459045",
        "4340000000000000 | 9007199254740992",
        "4340000000000001 | 9007199254740994",
        "43e0000000000000 | 9223372036854776000",
        "43f0000000000000 | 18446744073709552000",
        "c1e0000000000000 | -2147483648",
        "0000000000000001 | 5e-324",
        "7fefffffffffffff | 1.7976931348623157e+308",
        "0010000000000000 | 2.2250738585072014e-308",
        "441ac53a7e04bcda | 123456789012345680000",
        "3eb0c6f7a0b5ed8d | 0.000001",
        "3eb4b6231abfd271 | 0.0000012345",
        "3eb0c6f7a0b5ed8d | 0.000001",
        "4059000000000000 | 100",
        "3ff8000000000000 | 1.5",
        "fe41eb2d66005835 | -1.5e+300",
        // Subnormals: 1..40 x MIN_VALUE, larger multiples, negatives, 40 random ones.
        "0000000000000001 | 5e-324",
        "0000000000000002 | 1e-323",
        "0000000000000003 | 1.5e-323",
        "0000000000000004 | 2e-323",
        "0000000000000005 | 2.5e-323",
        "0000000000000006 | 3e-323",
        "0000000000000007 | 3.5e-323",
        "0000000000000008 | 4e-323",
        "0000000000000009 | 4.4e-323",
        "000000000000000a | 5e-323",
        "000000000000000b | 5.4e-323",
        "000000000000000c | 6e-323",
        "000000000000000d | 6.4e-323",
        "000000000000000e | 7e-323",
        "000000000000000f | 7.4e-323",
        "0000000000000010 | 8e-323",
        "0000000000000011 | 8.4e-323",
        "0000000000000012 | 9e-323",
        "0000000000000013 | 9.4e-323",
        "0000000000000014 | 1e-322",
        "0000000000000015 | 1.04e-322",
        "0000000000000016 | 1.1e-322",
        "0000000000000017 | 1.14e-322",
        "0000000000000018 | 1.2e-322",
        "0000000000000019 | 1.24e-322",
        "000000000000001a | 1.3e-322",
        "000000000000001b | 1.33e-322",
        "000000000000001c | 1.4e-322",
        "000000000000001d | 1.43e-322",
        "000000000000001e | 1.5e-322",
        "000000000000001f | 1.53e-322",
        "0000000000000020 | 1.6e-322",
        "0000000000000021 | 1.63e-322",
        "0000000000000022 | 1.7e-322",
        "0000000000000023 | 1.73e-322",
        "0000000000000024 | 1.8e-322",
        "0000000000000025 | 1.83e-322",
        "0000000000000026 | 1.9e-322",
        "0000000000000027 | 1.93e-322",
        "0000000000000028 | 2e-322",
        "0000000000000032 | 2.47e-322",
        "0000000000000063 | 4.9e-322",
        "0000000000000064 | 4.94e-322",
        "0000000000000065 | 5e-322",
        "0000000000000080 | 6.3e-322",
        "00000000000000ff | 1.26e-321",
        "00000000000003e8 | 4.94e-321",
        "0000000000001000 | 2.0237e-320",
        "000000000000ffff | 3.23786e-319",
        "00000000000f4240 | 4.940656e-318",
        "0000010000000000 | 5.43230922487e-312",
        "0008000000000000 | 1.1125369292536007e-308",
        "000fffffffffffff | 2.225073858507201e-308",
        "8000000000000001 | -5e-324",
        "8000000000000002 | -1e-323",
        "000d57f10c894254 | 1.855645105191979e-308",
        "00004a6ece53d613 | 4.0434218059081e-310",
        "0008410510668fa6 | 1.14785768513979e-308",
        "0002e30a9e501b7d | 4.014701839389646e-309",
        "000c8ea8a4e05948 | 1.746302046834214e-308",
        "000b1bac9609eaf7 | 1.544771739584938e-308",
        "000af636587957ba | 1.5244212896365603e-308",
        "0008f14dfe833301 | 1.2436210849147086e-308",
        "000f9825c659f77c | 2.168658000556968e-308",
        "000bd02b522a861b | 1.6428222364986915e-308",
        "0000522e931f790e | 4.4643766959161e-310",
        "0009a1630e23bac5 | 1.3392744187175666e-308",
        "00016ccb5e0010f0 | 1.981676001033456e-309",
        "000bf421a1818b7f | 1.6623579874026187e-308",
        "000b1baa844c07a2 | 1.5447673485311727e-308",
        "000e421879d836c9 | 1.9828448049523186e-308",
        "000e8eaf3493d9a4 | 2.024450202268038e-308",
        "00048bdeead11f23 | 6.32250592326048e-309",
        "000d3e487ffb5776 | 1.8417066717753136e-308",
        "000158ba16a76b0d | 1.87266316332546e-309",
        "00027df42b81c598 | 3.46556225228159e-309",
        "000635e91fb5a507 | 8.636886236932274e-309",
        "0004ac26c846fc8a | 6.49786479242329e-309",
        "000e8c37577c5b91 | 2.023109390284095e-308",
        "0005b8ad611588cc | 7.956579805276963e-309",
        "00085723e5c9c12b | 1.159874194086839e-308",
        "00033022a4b9cade | 4.433499460257177e-309",
        "00096ab112ea4c55 | 1.309562273238125e-308",
        "000e14fa2fee1740 | 1.9583351408856127e-308",
        "0002f3fb0a0a578f | 4.10672050646626e-309",
        "000082c146e3d672 | 7.10301527213804e-310",
        "000799f31d30c159 | 1.0571000311756196e-308",
        "00096e223db1a4f4 | 1.311432106124547e-308",
        "00060860627a8c33 | 8.38953072210525e-309",
        "0000b934d02e7346 | 1.006097900668435e-309",
        "00012d9e7a7f7e9d | 1.6384879839537e-309",
        "000b2a840d01a5e8 | 1.552834187723529e-308",
        "000ed0278207c317 | 2.060015493734284e-308",
        "0002df6d0cf0355a | 3.99506132815522e-309",
        "000adb8d2d7a8821 | 1.509938311972743e-308"
      })
  void formatsDoublesAsJavaScriptDoes(String bits, String javaScriptOutput) {
    double value = Double.longBitsToDouble(Long.parseUnsignedLong(bits, 16));

    assertThat(JsStringifier.formatNumber(value)).isEqualTo(javaScriptOutput);
  }

  @Test
  void nonFiniteNumbersAreWrittenAsNull() {
    assertThat(JsStringifier.formatNumber(Double.NaN)).isEqualTo("null");
    assertThat(JsStringifier.formatNumber(Double.POSITIVE_INFINITY)).isEqualTo("null");
    assertThat(JsStringifier.formatNumber(Double.NEGATIVE_INFINITY)).isEqualTo("null");
  }

  @Test
  void integerLikeKeysKeepTheirReceivedOrderUnlikeJavaScript() {
    // A documented difference. JavaScript objects list integer-like keys ("1", "10", up to
    // 2^32 - 2) first, in numeric order, so Node prints {"1":4,"2":2,"b":1,"a":3} here.
    // Design brief decision 8 (R-HOOK-08) says keys are written in received order, and so
    // this stringifier does. A match.args regex that relies on key order can therefore
    // behave differently here than in a JavaScript gateway when args have numeric keys.
    String input = "{\"b\":1,\"2\":2,\"a\":3,\"1\":4}";

    assertThat(stringify(input)).isEqualTo(input);
  }

  @Test
  void numericKeysOfEveryKindKeepTheirReceivedOrder() {
    // Node prints {"9":2,"10":1,"4294967294":7,"x":3,"-1":4,"01":5,"4294967295":6,"1.5":8}.
    String input =
        "{\"10\":1,\"9\":2,\"x\":3,\"-1\":4,\"01\":5,\"4294967295\":6,\"4294967294\":7,\"1.5\":8}";

    assertThat(stringify(input)).isEqualTo(input);
  }

  // ---- truncation ----

  @Test
  void truncatedOutputIsThePrefixOfTheFullOutputAtEveryLength() {
    JsonNode value =
        CODEC.parseJson(
            "{\"command\":\"git push\\n--force\",\"n\":[1.5,1e21,null,true],\"o\":{\"k\":\"\\u0001\"}}");
    String full = JsStringifier.stringify(value);

    for (int max = 0; max <= full.length() + 2; max++) {
      assertThat(JsStringifier.stringify(value, max))
          .as("maxChars %s", max)
          .isEqualTo(full.substring(0, Math.min(max, full.length())));
    }
  }

  @Test
  void truncationToZeroCharsIsEmpty() {
    assertThat(JsStringifier.stringify(CODEC.parseJson("{\"a\":1}"), 0)).isEmpty();
  }

  @ParameterizedTest(name = "[{index}] {0} chars")
  @ValueSource(ints = {1, 10, 65_536})
  void truncationOfAHugeValueStopsEarly(int maxChars) {
    StringBuilder json = new StringBuilder("[");
    for (int i = 0; i < 200_000; i++) {
      json.append(i == 0 ? "" : ",").append("\"item-").append(i).append('"');
    }
    JsonNode value = CODEC.parseJson(json.append(']').toString());

    String truncated = JsStringifier.stringify(value, maxChars);

    assertThat(truncated).hasSize(maxChars);
    assertThat(JsStringifier.stringify(value)).startsWith(truncated);
  }

  @Test
  void truncatedOutputIsAlwaysAPrefixForRandomValues() {
    long seed = 0x57A1_0001L;
    RandomMessages random = new RandomMessages(seed, true);
    SplittableRandom cut = new SplittableRandom(seed);
    for (int i = 0; i < 500; i++) {
      JsonNode value = random.json(4);
      String full = JsStringifier.stringify(value);
      int max = cut.nextInt(full.length() + 3);
      assertThat(JsStringifier.stringify(value, max))
          .as("seed %s, value %s, maxChars %s", seed, value, max)
          .isEqualTo(full.substring(0, Math.min(max, full.length())));
    }
  }

  // ---- properties ----

  @Test
  void outputIsJsonThatStringifiesToItself() {
    // JSON.stringify(JSON.parse(s)) === s for any s that JSON.stringify produced. Lone surrogates
    // are left out: they come out escaped, and Jackson refuses escaped lone surrogates in keys
    // (see escapedLoneSurrogateInAKeyIsRefusedByTheParser).
    long seed = 0x57A1_0002L;
    RandomMessages random = new RandomMessages(seed, false);
    for (int i = 0; i < 1000; i++) {
      JsonNode value = random.json(4);
      String once = JsStringifier.stringify(value);
      assertThat(stringify(once)).as("seed %s, value %s", seed, value).isEqualTo(once);
    }
  }

  @Test
  void outputHasNoWhitespaceOutsideStrings() {
    String out = stringify(" { \"a\" : [ 1 , { \"b\" : \" x y \" } ] } ");

    assertThat(out).isEqualTo("{\"a\":[1,{\"b\":\" x y \"}]}");
  }

  @Test
  void loneSurrogatesAreEscapedAsWellFormedJsonStringifyDoes() {
    JsonNode value = CODEC.parseJson("[\"a\\ud800\",\"\\udc00b\",\"\\ud83d\\ude00\"]");

    assertThat(JsStringifier.stringify(value))
        .isEqualTo("[\"a\\ud800\",\"\\udc00b\",\"\ud83d\ude00\"]");
  }

  @Test
  void escapedLoneSurrogateInAKeyIsRefusedByTheParser() {
    // A difference with JavaScript, on the parsing side: JSON.parse accepts {"\udc00":1},
    // Jackson refuses escaped lone surrogates in property names, so such args never reach here.
    assertThat(
            CODEC
                .decodeProviderMessage(
                    "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"metadata\":{\"\\udc00\":1}}")
                .errorOrNull()
                .code())
        .isEqualTo(ErrorCode.INVALID_JSON);
  }
}
