# The installed CMake package (find_package(weft), components in weftConfig.cmake.in)
# and libweft's pkg-config file; each library installs its own export set and .pc.
include(CMakePackageConfigHelpers)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/weftConfig.cmake.in
  ${PROJECT_BINARY_DIR}/weftConfig.cmake
  INSTALL_DESTINATION ${WEFT_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/weftConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/weftConfig.cmake ${PROJECT_BINARY_DIR}/weftConfigVersion.cmake
  DESTINATION ${WEFT_INSTALL_CMAKEDIR})
