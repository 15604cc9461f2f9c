// The ceiling: the same lookup kernel as the WebAssembly build, compiled
// natively with -O3, on the data the JS benchmark writes.
//   zr_bench <grid.json> <indices.f64> <reps>
// grid.json is {"shape": [...], "chunk_shapes": [...]}; indices are
// row-major float64. Prints the median kernel time in milliseconds.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "metadata.hpp"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: zr_bench <grid.json> <indices.f64> <reps>\n");
    return 2;
  }
  std::ifstream grid_file(argv[1]);
  const std::string text{std::istreambuf_iterator<char>(grid_file), {}};
  const zr::GridRead read = zr::read_chunk_shapes(text);
  if (!read.grid) {
    std::fprintf(stderr, "%s: %s\n", read.errors[0].path.c_str(), read.errors[0].message.c_str());
    return 1;
  }
  std::ifstream index_file(argv[2], std::ios::binary);
  const std::string raw{std::istreambuf_iterator<char>(index_file), {}};
  std::vector<double> indices(raw.size() / sizeof(double));
  std::copy_n(raw.data(), indices.size() * sizeof(double), reinterpret_cast<char*>(indices.data()));
  std::vector<double> chunks(indices.size()), offsets(indices.size());

  std::vector<double> times;
  for (int rep = -1; rep < std::stoi(argv[3]); ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    if (read.grid->locate_many(std::span<const double>(indices), chunks.data(), offsets.data()) != zr::npos) return 1;
    const auto t1 = std::chrono::steady_clock::now();
    if (rep >= 0) times.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::sort(times.begin(), times.end());
  std::printf("%.3f\n", times[times.size() / 2]);
  return 0;
}
